import clsx from 'clsx';
import { NavLink } from 'react-router';

export interface WizardStep {
  label: string;
  /** Null while the step cannot be reached (the thing edited has no id yet). */
  to: string | null;
}

/** A numbered step bar: each step a link once it can be reached, the current one highlighted. */
export function WizardSteps({ label, steps }: { label: string; steps: WizardStep[] }) {
  return (
    <nav aria-label={label} className="mb-6">
      <ol className="flex flex-wrap gap-2 text-sm">
        {steps.map((step, index) => (
          <li key={step.label}>
            {step.to ? (
              <NavLink
                to={step.to}
                end
                className={({ isActive }) =>
                  clsx(
                    'inline-flex items-center gap-2 rounded-full border px-3 py-1.5 font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600',
                    isActive
                      ? 'border-emerald-700 bg-emerald-700 text-white'
                      : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
                  )
                }
              >
                <span aria-hidden="true">{index + 1}</span>
                {step.label}
              </NavLink>
            ) : (
              <span
                aria-disabled="true"
                className="inline-flex items-center gap-2 rounded-full border border-slate-200 px-3 py-1.5 text-slate-400"
              >
                <span aria-hidden="true">{index + 1}</span>
                {step.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
