import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lineFromMessage, systemLine, type ChatLine } from '../store/chat-line';
import { MessageList } from './message-list';

const at = '2026-11-21T14:05:00.000Z';

function said(id: string, username: string, text: string, extra: { level?: number; kind?: 'action' } = {}): ChatLine {
  return lineFromMessage({ id, channel: '#barra', username, text, timestamp: at, ...extra });
}

/** The log's lines, without its day separators and 'new messages' marker. */
const lineItems = (log: HTMLElement) => [...log.querySelectorAll<HTMLElement>('li[data-kind]')];

function renderLines(lines: ChatLine[], nickname: string | null = 'bia') {
  render(<MessageList channel="barra" lines={lines} nickname={nickname} joining={false} />);
  return screen.getByRole('log');
}

describe('message list', () => {
  it('shows each message as <nick> text with the IRC prefix of the sender’s level, newest last', () => {
    const log = renderLines([said('1', 'ana', 'primeira', { level: 5 }), said('2', 'caio', 'segunda')]);
    const items = lineItems(log);
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual(['<@ana> primeira', '<caio> segunda']);
    expect(log).toHaveAttribute('aria-live', 'polite');
  });

  it('escapes markup: it is shown as text and never becomes elements', () => {
    const log = renderLines([said('1', 'ana', '<b>negrito</b><img src=x onerror="alert(1)">')]);
    expect(log).toHaveTextContent('<b>negrito</b><img src=x onerror="alert(1)">');
    expect(log.querySelector('b, img, script')).toBeNull();
  });

  it('makes http(s) links clickable in a new tab without an opener, and nothing else', () => {
    const log = renderLines([said('1', 'ana', 'veja https://papo.example/x. e javascript:alert(1)')]);
    const links = within(log).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://papo.example/x');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]?.getAttribute('rel')).toContain('noopener');
  });

  it('highlights a line that mentions the reader, but not the reader’s own lines', () => {
    const log = renderLines([
      said('1', 'ana', 'oi Bia, tudo bem?'),
      said('2', 'bia', 'oi bia'),
      said('3', 'ana', 'biana?'),
    ]);
    const [mention, own, other] = lineItems(log);
    expect(mention).toHaveAttribute('data-mention', 'true');
    expect(within(mention!).getByText('Bia').tagName).toBe('MARK');
    expect(own).not.toHaveAttribute('data-mention');
    expect(other).not.toHaveAttribute('data-mention');
  });

  it('shows /me as an action: * nick text', () => {
    const log = renderLines([said('1', 'ana', 'acena para todos', { kind: 'action' })]);
    const line = lineItems(log)[0]!;
    expect(line).toHaveAttribute('data-kind', 'action');
    expect(line.querySelector('p')).toHaveTextContent('* ana acena para todos');
    expect(line.querySelector('p')).toHaveClass('italic');
  });

  it('colours a nickname the same way on every line', () => {
    const log = renderLines([said('1', 'ana', 'um'), said('2', 'caio', 'oi'), said('3', 'ana', 'dois')]);
    const nicks = within(log).getAllByText('<ana>');
    expect(nicks[0]?.getAttribute('style')).toBe(nicks[1]?.getAttribute('style'));
    expect(nicks[0]?.getAttribute('style')).toMatch(/color/);
  });

  it('groups a run of one member’s lines: the nick is shown once, and left to screen readers on the others', () => {
    const later = (minutes: number) => new Date(Date.parse(at) + minutes * 60_000).toISOString();
    const log = renderLines([
      said('1', 'ana', 'um'),
      lineFromMessage({ id: '2', channel: '#barra', username: 'ana', text: 'dois', timestamp: later(1) }),
      lineFromMessage({ id: '3', channel: '#barra', username: 'ana', text: 'depois da pausa', timestamp: later(10) }),
      lineFromMessage({ id: '4', channel: '#barra', username: 'caio', text: 'oi', timestamp: later(11) }),
    ]);
    const items = lineItems(log);
    expect(items.map((item) => item.hasAttribute('data-continued'))).toEqual([false, true, false, false]);
    // The grouped line still says who wrote it to a screen reader.
    expect(items[1]?.querySelector('p')?.textContent).toBe('<ana> dois');
    expect(within(items[1]!).getByText('<ana>')).toHaveClass('sr-only');
  });

  it('starts each day with a separator: Hoje, Ontem, or the date', () => {
    const now = new Date();
    const today = now.toISOString();
    const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1, 12).toISOString();
    const longAgo = '2024-03-05T12:00:00.000Z';
    const log = renderLines([
      lineFromMessage({ id: '1', channel: '#barra', username: 'ana', text: 'há muito', timestamp: longAgo }),
      lineFromMessage({ id: '2', channel: '#barra', username: 'ana', text: 'ontem', timestamp: yesterday }),
      lineFromMessage({ id: '3', channel: '#barra', username: 'ana', text: 'hoje', timestamp: today }),
      lineFromMessage({ id: '4', channel: '#barra', username: 'caio', text: 'hoje também', timestamp: today }),
    ]);
    const separators = within(log).getAllByTestId('day-separator');
    expect(separators.map((separator) => separator.textContent)).toEqual(['5 de março de 2024', 'Ontem', 'Hoje']);
    expect(separators[0]?.tagName).toBe('LI');
  });

  it('sets system lines apart, in the interface language, with a member’s reason shown as written', () => {
    const log = renderLines([
      systemLine('barra', 'join', { nickname: 'caio', channel: 'barra' }, 'join'),
      systemLine('barra', 'kick', { nickname: 'caio', by: 'ana' }, 'moderation', '<i>spam</i>'),
      systemLine('barra', 'level', { nickname: 'bia', levelKey: 'levels.became.operator' }, 'level'),
      lineFromMessage({ id: 's', channel: '#barra', text: 'aviso do servidor', timestamp: at }),
    ]);
    const items = lineItems(log);
    expect(items.map((item) => item.getAttribute('data-kind'))).toEqual(['system', 'system', 'system', 'system']);
    expect(items[0]).toHaveTextContent('caio entrou em #barra');
    expect(items[1]).toHaveTextContent('caio foi expulso por ana — “<i>spam</i>”');
    expect(items[1]?.querySelector('i')).toBeNull();
    expect(items[2]).toHaveTextContent('bia agora é operador (@)');
    expect(items[3]).toHaveTextContent('aviso do servidor');
    expect(items[1]?.querySelector('[data-tone]')).toHaveAttribute('data-tone', 'moderation');
  });

  it('says when there are no messages yet, and while joining', () => {
    const { rerender } = render(<MessageList channel="barra" lines={[]} nickname="bia" joining />);
    expect(screen.getByRole('log')).toHaveTextContent('Entrando em #barra...');
    rerender(<MessageList channel="barra" lines={[]} nickname="bia" joining={false} />);
    expect(screen.getByRole('log')).toHaveTextContent('Nenhuma mensagem ainda');
  });

  it('follows new lines at the bottom; once the reader scrolls up it offers a jump to the newest', () => {
    const first = [said('1', 'ana', 'um'), said('2', 'ana', 'dois')];
    const { rerender } = render(<MessageList channel="barra" lines={first} nickname="bia" joining={false} />);
    const log = screen.getByRole('log');
    // jsdom has no layout; the log gets a fixed viewport of 100 px over 1000 px of lines.
    Object.defineProperty(log, 'scrollHeight', { configurable: true, get: () => 1000 });
    Object.defineProperty(log, 'clientHeight', { configurable: true, get: () => 100 });

    rerender(
      <MessageList channel="barra" lines={[...first, said('3', 'ana', 'três')]} nickname="bia" joining={false} />,
    );
    expect(log.scrollTop).toBe(1000);
    expect(screen.queryByTestId('jump-to-newest')).toBeNull();

    log.scrollTop = 200;
    fireEvent.scroll(log);
    const more = [...first, said('3', 'ana', 'três'), said('4', 'caio', 'quatro'), said('5', 'caio', 'cinco')];
    rerender(<MessageList channel="barra" lines={more} nickname="bia" joining={false} />);
    expect(log.scrollTop).toBe(200);
    const jump = screen.getByTestId('jump-to-newest');
    expect(jump).toHaveTextContent('2 mensagens novas');
    // The 'new messages' line sits where the reader left off: before the first line they have not seen.
    const marker = screen.getByTestId('unread-marker');
    expect(marker).toHaveTextContent('Novas mensagens');
    expect(marker.nextElementSibling).toHaveTextContent('<caio> quatro');

    fireEvent.click(jump);
    expect(log.scrollTop).toBe(1000);
    expect(screen.queryByTestId('jump-to-newest')).toBeNull();
    expect(screen.queryByTestId('unread-marker')).toBeNull();
  });
});
