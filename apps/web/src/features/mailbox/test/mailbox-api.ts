import type { ContactDetail, ContactSummary } from '@papo/contract/contact';

export function summary(id: number, overrides: Partial<ContactSummary> = {}): ContactSummary {
  return {
    id,
    name: `Pessoa ${id}`,
    email: `pessoa${id}@example.com`,
    subject: `Assunto ${id}`,
    date: new Date(Date.UTC(2026, 10, 21, 12, 0) - id * 60_000).toISOString(),
    source: 'contact',
    repliedAt: null,
    ...overrides,
  };
}

export function detail(id: number, overrides: Partial<ContactDetail> = {}): ContactDetail {
  return {
    ...summary(id),
    message: 'Mensagem',
    repliedBy: null,
    replySubject: null,
    replyBody: null,
    ...overrides,
  };
}
