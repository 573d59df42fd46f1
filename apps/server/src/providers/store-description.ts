import { z } from 'zod';

/**
 * The store description generator (decision 013): an OpenAI-compatible chat completions API when
 * `LLM_URL` is set, with a timeout; otherwise (or when that call fails) a local generator that writes a
 * Portuguese paragraph from the store's own data. The answer is plain text.
 */

export interface StoreFacts {
  name: string;
  kind: 'shop' | 'course';
  /** Category name in Portuguese, when the store has one. */
  category: string | null;
  /** Country name in Portuguese. */
  country: string;
  /** Product names of the filled slots, by position (empty names left out). */
  products: string[];
}

export interface DescriptionProviderOptions {
  /** Base of the API: the request goes to `{url}/chat/completions` (or `url` itself when it already ends so). */
  url?: string;
  apiKey?: string;
  model?: string;
  timeoutMs?: number;
  log?: (failure: string) => void;
}

const choice = z.object({ message: z.object({ content: z.string() }) });
const completionAnswer = z.object({
  choices: z.tuple([choice], choice),
});

const maxLength = 1200;

function promptOf(facts: StoreFacts): string {
  const what = facts.kind === 'course' ? 'uma loja de cursos' : 'uma loja';
  return [
    `Escreva um parágrafo curto (até 80 palavras), em português do Brasil, apresentando ${what} chamada "${facts.name}".`,
    facts.category ? `Categoria: ${facts.category}.` : '',
    `País de destino: ${facts.country}.`,
    facts.products.length ? `Produtos: ${facts.products.join('; ')}.` : '',
    'Responda só com o parágrafo, sem títulos nem listas.',
  ]
    .filter(Boolean)
    .join(' ');
}

function endpointOf(url: string): string {
  return /\/chat\/completions\/?$/.test(url) ? url : `${url.replace(/\/+$/, '')}/chat/completions`;
}

async function fromChatCompletions(
  facts: StoreFacts,
  opts: Required<Pick<DescriptionProviderOptions, 'url' | 'model' | 'timeoutMs'>> & DescriptionProviderOptions,
): Promise<string> {
  const response = await fetch(endpointOf(opts.url), {
    method: 'POST',
    signal: AbortSignal.timeout(opts.timeoutMs),
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
    },
    body: JSON.stringify({
      model: opts.model,
      messages: [
        { role: 'system', content: 'Você escreve descrições de lojas para um site brasileiro.' },
        { role: 'user', content: promptOf(facts) },
      ],
      temperature: 0.7,
    }),
  });
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new Error(`HTTP ${response.status}`);
  }
  const parsed = completionAnswer.safeParse(await response.json());
  if (!parsed.success) throw new Error('malformed answer');
  const text = parsed.data.choices[0].message.content.replace(/\s+/g, ' ').trim();
  if (!text) throw new Error('empty answer');
  return text.slice(0, maxLength);
}

function listInPortuguese(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`;
}

/** Portuguese takes the country's article after "em" ("no Brasil", "nos Estados Unidos"). */
const inCountry: Record<string, string> = {
  Brasil: 'no Brasil',
  Portugal: 'em Portugal',
  Inglaterra: 'na Inglaterra',
  'Estados Unidos': 'nos Estados Unidos',
  Espanha: 'na Espanha',
  França: 'na França',
  Itália: 'na Itália',
};

/** A paragraph written from the store's data alone: every sentence says something true about it. */
export function localDescription(facts: StoreFacts): string {
  const course = facts.kind === 'course';
  const where = inCountry[facts.country] ?? `em ${facts.country}`;
  const opening = course
    ? `${facts.name} reúne cursos${facts.category ? ` de ${facts.category.toLowerCase()}` : ''} escolhidos para quem está ${where} e quer aprender no seu ritmo.`
    : `${facts.name} é uma vitrine${facts.category ? ` de ${facts.category.toLowerCase()}` : ''} pensada para quem compra ${where}.`;
  const shown = facts.products.slice(0, 4);
  const middle = shown.length
    ? `Aqui você encontra ${listInPortuguese(shown)}${facts.products.length > shown.length ? `, entre ${facts.products.length} opções selecionadas` : ''}.`
    : course
      ? 'Os primeiros cursos estão sendo escolhidos com cuidado.'
      : 'Os primeiros produtos estão sendo escolhidos com cuidado.';
  const closing = course
    ? 'Clique em cada curso para ver os detalhes e ir direto à página de inscrição.'
    : 'Clique em cada produto para ver os detalhes e ir direto à página da loja parceira.';
  return `${opening} ${middle} ${closing}`;
}

/** Generates a description: the chat completions API when configured, the local generator otherwise or on failure. */
export async function describeStore(
  facts: StoreFacts,
  opts: DescriptionProviderOptions = {},
): Promise<{ text: string; source: 'llm' | 'local' }> {
  if (opts.url) {
    try {
      const text = await fromChatCompletions(facts, {
        ...opts,
        url: opts.url,
        model: opts.model ?? 'gpt-4o-mini',
        timeoutMs: opts.timeoutMs ?? 10_000,
      });
      return { text, source: 'llm' };
    } catch (error) {
      opts.log?.(error instanceof Error ? error.message : String(error));
    }
  }
  return { text: localDescription(facts), source: 'local' };
}
