import { CheckCircle2, XCircle } from 'lucide-react';

/** The outcome of a save beside its button: green success or red error, announced either way. */
export function SaveOutcome({ outcome, testId }: { outcome: { ok: boolean; text: string } | null; testId?: string }) {
  return (
    <div aria-live="polite">
      {outcome?.ok && (
        <p className="inline-flex items-center gap-1.5 text-sm font-medium text-emerald-800" data-testid={testId}>
          <CheckCircle2 className="size-4" aria-hidden="true" />
          {outcome.text}
        </p>
      )}
      {outcome && !outcome.ok && (
        <p role="alert" className="inline-flex items-center gap-1.5 text-sm font-medium text-red-700">
          <XCircle className="size-4" aria-hidden="true" />
          {outcome.text}
        </p>
      )}
    </div>
  );
}
