/** The profile's card frame, shared by its sections. */
export const cardClass = 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';

export const cardTitle = 'text-base font-semibold text-slate-900';
