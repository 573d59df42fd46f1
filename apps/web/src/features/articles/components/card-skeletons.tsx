/** Grey cards in the shape of the list while it loads. */
export function CardSkeletons({ count, label }: { count: number; label: string }) {
  return (
    <div role="status" aria-label={label} data-testid="list-loading">
      <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
            <div className="aspect-[40/21] animate-pulse bg-slate-200" />
            <div className="space-y-2 p-4">
              <div className="h-4 w-3/4 animate-pulse rounded bg-slate-200" />
              <div className="h-3 w-full animate-pulse rounded bg-slate-100" />
              <div className="h-3 w-5/6 animate-pulse rounded bg-slate-100" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
