import type { NodeStatus } from '@papo/contract/operations';
import clsx from 'clsx';
import { ServerOff, ShieldAlert } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { StatePanel } from '../../../components/ui/state-panel';
import { ErrorState, LoadingState } from '../../../components/ui/load-state';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { ApiError, errorText } from '../../../lib/api';
import { useOperations } from '../api/get-operations';

type Tone = 'good' | 'warn' | 'bad' | 'none';

const toneClass: Record<Tone, string> = {
  good: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  warn: 'bg-amber-50 text-amber-900 ring-amber-200',
  bad: 'bg-red-50 text-red-800 ring-red-200',
  none: 'bg-slate-100 text-slate-700 ring-slate-200',
};

function Pill({ tone, children, testId }: { tone: Tone; children: string; testId?: string }) {
  return (
    <span
      data-testid={testId}
      className={clsx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
        toneClass[tone],
      )}
    >
      {children}
    </span>
  );
}

const readinessTone: Record<NodeStatus['readiness']['status'], Tone> = {
  ready: 'good',
  not_ready: 'bad',
};
const stateTone: Record<NodeStatus['checks'][number]['state'], Tone> = {
  ok: 'good',
  degraded: 'warn',
  failing: 'bad',
  off: 'none',
};

/** A check's detail in words: a reason key, Redis' connection or mail's transport. */
function detailText(t: TFunction, detail: string | null): string | null {
  if (!detail) return null;
  return t(`operations.details.${detail}`);
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function NodeCard({ node }: { node: NodeStatus }) {
  const { t } = useTranslation();
  const dateTime = useDateTimeFormat();
  const { readiness, database, lastBackup } = node;
  return (
    <section
      aria-labelledby={`node-${node.id}`}
      data-testid="operations-node"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`node-${node.id}`} className="flex min-w-0 items-center gap-2 text-lg font-semibold text-slate-900">
          <span className="truncate">{node.name}</span>
          {node.self && <span className="text-sm font-normal text-slate-500">({t('operations.thisNode')})</span>}
        </h2>
        <Pill tone={readinessTone[readiness.status]} testId="operations-readiness">
          {readiness.reason
            ? `${t(`operations.readiness.${readiness.status}`)}: ${t(`operations.details.${readiness.reason}`)}`
            : t(`operations.readiness.${readiness.status}`)}
        </Pill>
      </div>

      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
        <Field label={t('operations.fields.release')}>
          <code className="text-xs">{node.release}</code>
        </Field>
        <Field label={t('operations.fields.build')}>
          {node.builtAt ? dateTime(node.builtAt) : t('operations.fields.fromSources')} · Node{' '}
          {node.node.replace(/^v/, '')}
        </Field>
        <Field label={t('operations.fields.started')}>{dateTime(node.startedAt)}</Field>
        <Field label={t('operations.fields.connections')}>
          {t('operations.fields.sockets', { count: node.sockets })}
          {' · '}
          {node.ircLinks === null
            ? t('operations.fields.ircOff')
            : t('operations.fields.ircLinks', { count: node.ircLinks })}
        </Field>
        <Field label={t(`operations.dialects.${database.dialect}`)}>
          <code className="text-xs">{database.schema ?? '—'}</code>
          <span className="block text-xs text-slate-600">
            {database.pending
              ? t('operations.fields.pending', { count: database.pending })
              : t('operations.fields.upToDate')}
          </span>
        </Field>
        <Field label={t('operations.fields.lastBackup')}>
          {lastBackup ? (
            <>
              {dateTime(lastBackup.at)} ({t(`operations.backupKinds.${lastBackup.kind}`)})
              <code className="block break-all text-xs text-slate-600">{lastBackup.folder}</code>
            </>
          ) : (
            t('operations.fields.noBackup')
          )}
        </Field>
      </dl>

      <h3 className="mt-5 text-sm font-semibold text-slate-900">{t('operations.checksTitle')}</h3>
      <ul className="mt-2 divide-y divide-slate-100 rounded-md border border-slate-100">
        {node.checks.map((check) => (
          <li
            key={check.name}
            data-testid={`operations-check-${check.name}`}
            className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
          >
            <span className="font-medium text-slate-800">{t(`operations.checks.${check.name}`)}</span>
            <span className="flex flex-wrap items-center gap-2">
              {detailText(t, check.detail) && check.state !== 'off' && (
                <span className="text-xs text-slate-600">{detailText(t, check.detail)}</span>
              )}
              <Pill tone={stateTone[check.state]}>{t(`operations.states.${check.state}`)}</Pill>
            </span>
          </li>
        ))}
      </ul>
      {!node.self && (
        <p className="mt-3 text-xs text-slate-500">{t('operations.reportedAt', { time: dateTime(node.seenAt) })}</p>
      )}
    </section>
  );
}

/** The operations screen /operations (administrators): every node seen recently, as its checks and metrics see it. */
export function OperationsScreen() {
  const { t } = useTranslation();
  const operations = useOperations();
  const { data, error } = operations;

  let content;
  if (operations.isPending) {
    content = <LoadingState variant="card" title={t('operations.loading')} testId="operations-loading" />;
  } else if (error instanceof ApiError && error.status === 403) {
    content = (
      <ErrorState
        icon={ShieldAlert}
        title={t('operations.forbiddenTitle')}
        text={t('operations.forbiddenText')}
        testId="operations-forbidden"
      />
    );
  } else if (operations.isError && !data) {
    content = (
      <ErrorState
        title={t('operations.loadError')}
        text={error instanceof ApiError && error.status === 401 ? t('operations.sessionExpired') : errorText(t, error)}
        onRetry={() => void operations.refetch()}
        testId="operations-error"
      />
    );
  } else if (!data || data.nodes.length === 0) {
    content = (
      <StatePanel
        variant="card"
        icon={ServerOff}
        title={t('operations.emptyTitle')}
        text={t('operations.emptyText')}
        testId="operations-empty"
      />
    );
  } else {
    content = (
      <div className="space-y-4">
        {data.nodes.map((node) => (
          <NodeCard key={node.id} node={node} />
        ))}
        {data.nodes.length === 1 && <p className="text-sm text-slate-600">{t('operations.onlyThisNode')}</p>}
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-5xl">
      <PageTitle title={t('operations.title')} />
      <div className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('operations.title')}</h1>
        <p className="mt-2 max-w-2xl text-base text-slate-600">{t('operations.intro')}</p>
      </div>
      {operations.isError && data && (
        <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {t('operations.stale')}
        </p>
      )}
      {content}
    </div>
  );
}
