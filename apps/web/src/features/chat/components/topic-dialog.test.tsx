import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetChatStore, setUserChannelLevel } from '../store/chat-store';
import { ok, refused, stubApi } from '../test/fake-fetch';
import { topicCloseDelayMs, TopicDialog } from './topic-dialog';
import { TopicLine } from './topic-line';

function openDialog(topic: string | null = 'Tópico antigo') {
  const onClose = vi.fn();
  render(<TopicDialog channel="barra" topic={topic} onClose={onClose} />);
  return { onClose, input: screen.getByLabelText('Tópico') as HTMLInputElement };
}

beforeEach(() => {
  resetChatStore();
  setUserChannelLevel('barra', 5);
});
afterEach(() => vi.useRealTimers());

describe('topic dialog for those PEACE does not let set it', () => {
  it.each([0, 3])('shows the topic to a member at %i, says why it cannot be edited, and makes no call', (level) => {
    setUserChannelLevel('barra', level);
    const calls = stubApi({});
    const onClose = vi.fn();
    render(<TopicDialog channel="barra" topic="Tópico antigo" onClose={onClose} />);
    expect(screen.queryByLabelText('Tópico')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
    expect(screen.getByTestId('topic-current')).toHaveTextContent('Tópico antigo');
    expect(screen.getByTestId('peace-note')).toHaveTextContent(
      `Só operadores (@) e acima mudam o tópico; seu nível em #barra é ${level ? 'voz' : 'usuário'}.`,
    );
    fireEvent.click(screen.getAllByRole('button', { name: 'Fechar' }).at(-1)!);
    expect(onClose).toHaveBeenCalledOnce();
    expect(calls).toEqual([]);
  });
});

describe('topic dialog', () => {
  it('starts with the current topic; Clear empties it and Cancel closes without a call', () => {
    const calls = stubApi({});
    const { onClose, input } = openDialog();
    expect(input.value).toBe('Tópico antigo');
    expect(input.maxLength).toBe(300);
    expect(input).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(input.value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(calls).toEqual([]);
  });

  it('saves with PUT /api/topic, shows the success in green and closes 2 seconds later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const calls = stubApi({ 'PUT /api/topic': () => ok({ status: 'success', message: 'topic_updated' }) });
    const { onClose, input } = openDialog();
    fireEvent.change(input, { target: { value: '  Novo tópico  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    const result = await vi.waitFor(() => screen.getByTestId('topic-result'));
    expect(result).toHaveTextContent('Tópico atualizado.');
    expect(result).toHaveAttribute('data-tone', 'success');
    expect(result).toHaveClass('text-emerald-800');
    expect(calls).toEqual([
      { method: 'PUT', path: '/api/topic', query: {}, body: { channel: '#barra', content: 'Novo tópico' } },
    ]);

    // let React run the effect that starts the countdown before the clock moves.
    await act(async () => undefined);
    act(() => vi.advanceTimersByTime(topicCloseDelayMs - 100));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(100));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('shows a non-success status’s message in red and stays open', async () => {
    stubApi({ 'PUT /api/topic': () => ok({ status: 'error', message: 'too_long' }) });
    const { onClose } = openDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    const result = await screen.findByRole('alert');
    expect(result).toHaveTextContent('o texto é longo demais.');
    expect(result).toHaveClass('text-red-700');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('answers a refusal with ChanServ’s notice', async () => {
    stubApi({ 'PUT /api/topic': () => refused(403, 'not_channel_operator') });
    openDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('-ChanServ- Você não é operador do canal');
  });
});

describe('topic line', () => {
  it('says when the topic could not be fetched, and opens the dialog from its button', () => {
    const onOpen = vi.fn();
    const { rerender } = render(<TopicLine topic={undefined} loading={false} failed onOpen={onOpen} />);
    expect(screen.getByTestId('topic-text')).toHaveTextContent('Erro ao buscar o tópico');
    fireEvent.click(screen.getByRole('button', { name: 'Tópico' }));
    expect(onOpen).toHaveBeenCalledOnce();

    const topic = {
      topic: 'Regras: https://papo.example/r',
      nickname: 'bia',
      has_nickname: true,
      user_channel_level: 0,
      topic_by: 'ana',
      topic_at: null,
    };
    rerender(<TopicLine topic={topic} loading={false} failed={false} onOpen={onOpen} />);
    expect(screen.getByTestId('topic-text')).toHaveTextContent('Regras: https://papo.example/r — definido por ana');
    expect(screen.getByRole('link')).toHaveAttribute('href', 'https://papo.example/r');
  });
});
