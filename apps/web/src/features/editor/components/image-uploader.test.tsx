import type { UploadImagesAnswer, UploadedFile } from '@papo/contract/editor';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryAfterSeconds } from '../api/upload-images';
import { ImageUploader } from './image-uploader';

const kept = (name: string): UploadedFile => ({
  name: `library/${name}`,
  modified: '2026-11-27T10:00:00.000Z',
  thumbnail: `thumbs/library/${name}.webp`,
  width: 40,
  height: 30,
});

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * The browser's XMLHttpRequest at the upload's boundary (jsdom sends nothing): each `send` is recorded with the file
 * it carries and answered, a turn later, by `answerFor` — the upload limit's 429 first for the file it names.
 */
class FakeUploadRequest {
  static sent: string[] = [];
  static answerFor: (name: string, attempt: number) => Answer = () => ({ status: 500, body: {} });
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  responseText = '';
  private headers: Record<string, string> = {};
  open(method: string, url: string) {
    expect(`${method} ${url}`).toBe('POST /api/uploadImage');
  }
  setRequestHeader() {}
  getResponseHeader(name: string): string | null {
    return this.headers[name.toLowerCase()] ?? null;
  }
  send(form: FormData) {
    const file = form.get('files[]');
    const name = file instanceof File ? file.name : '';
    const attempt = FakeUploadRequest.sent.filter((sent) => sent === name).length;
    FakeUploadRequest.sent.push(name);
    const answer = FakeUploadRequest.answerFor(name, attempt);
    queueMicrotask(() => {
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      this.headers = Object.fromEntries(
        Object.entries(answer.headers ?? {}).map(([key, value]) => [key.toLowerCase(), value]),
      );
      this.onload?.();
    });
  }
}

const image = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

async function flush(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('the library upload and the upload limit (429 with Retry-After)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.stubGlobal('XMLHttpRequest', FakeUploadRequest);
    FakeUploadRequest.sent = [];
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits the Retry-After of a 429, says so on that file’s row, then sends it again and goes on with the rest', async () => {
    FakeUploadRequest.answerFor = (name, attempt) =>
      name === 'b.png' && attempt === 0
        ? { status: 429, body: { message: 'too_many_requests' }, headers: { 'Retry-After': '30' } }
        : { status: 201, body: { files: [kept(name)], refused: [] } satisfies UploadImagesAnswer };
    const uploaded = vi.fn<(file: UploadedFile) => void>();
    render(<ImageUploader onUploaded={uploaded} />);
    // The choice is the app's words, not the browser's "Choose Files" / "No file chosen".
    expect(screen.getByRole('button', { name: 'Escolher arquivos' })).toBeInTheDocument();
    expect(screen.getByText('Nenhum arquivo escolhido')).toBeInTheDocument();
    const input = screen.getByTestId('library-file-input');
    fireEvent.change(input, { target: { files: [image('a.png'), image('b.png'), image('c.png')] } });
    expect(screen.getByText('3 arquivos escolhidos')).toBeInTheDocument();
    fireEvent.submit(input.closest('form') ?? input);
    await flush();
    expect(screen.getByText('Nenhum arquivo escolhido')).toBeInTheDocument();

    const rows = () => within(screen.getByTestId('upload-rows')).getAllByRole('listitem');
    expect(FakeUploadRequest.sent).toEqual(['a.png', 'b.png']);
    expect(rows()[0]).toHaveTextContent('Enviada');
    expect(rows()[1]).toHaveTextContent('Limite de envios atingido: esta imagem segue em 30 segundos.');
    expect(rows()[1]).not.toHaveTextContent('Recusada');
    expect(screen.getByRole('button', { name: 'Upload de Imagens' })).toBeDisabled();

    // nothing is sent again before the 30 s the server asked for.
    await flush(29_000);
    expect(FakeUploadRequest.sent).toEqual(['a.png', 'b.png']);
    await flush(1_000);
    expect(FakeUploadRequest.sent).toEqual(['a.png', 'b.png', 'b.png', 'c.png']);
    expect(rows().map((row) => row.textContent?.includes('Enviada'))).toEqual([true, true, true]);
    expect(rows()[1]).not.toHaveTextContent('Limite de envios');
    expect(uploaded.mock.calls.map(([file]) => file.name)).toEqual(['library/a.png', 'library/b.png', 'library/c.png']);
    expect(screen.getByRole('button', { name: 'Upload de Imagens' })).toBeEnabled();
  });

  it('reads Retry-After as seconds or as an HTTP date, and waits a minute when it is missing', () => {
    const now = Date.parse('2026-11-27T10:00:00Z');
    expect(retryAfterSeconds('120', now)).toBe(120);
    expect(retryAfterSeconds('Fri, 27 Nov 2026 10:00:45 GMT', now)).toBe(45);
    expect(retryAfterSeconds('Fri, 27 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds(null, now)).toBe(60);
  });
});
