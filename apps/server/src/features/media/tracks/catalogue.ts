import type { Track } from '@papo/contract/media';

/*
 * The player's 28 tracks (spec §1, §9) by one artist: original pieces composed and synthesised by
 * Papo's own code (compose.ts, synth.ts) the first time they are needed; nothing is committed.
 */

export const trackCount = 28;

const trackArtist = 'Orquestra do Papo';

const titles = [
  'Manhã na Barra',
  'Café com Chuva',
  'Ladeira do Sol',
  'Bonde das Sete',
  'Maré Mansa',
  'Varanda Azul',
  'Noite em Cascais',
  'Feira de Domingo',
  'Janela Aberta',
  'Rio de Vagalumes',
  'Samba de Papel',
  'Estrada de Terra',
  'Lua de Outubro',
  'Vento Norte',
  'Quintal da Avó',
  'Praça Vazia',
  'Trem para Sampa',
  'Areia Fina',
  'Canção do Porto',
  'Fim de Tarde',
  'Pipa no Céu',
  'Sereno',
  'Calçadão',
  'Bairro Alto',
  'Chão de Estrelas Novas',
  'Ciranda Digital',
  'Último Bonde',
  'Até Amanhã',
];

/** Two-digit file number of track `n` (1-based). */
export function trackNumber(n: number): string {
  return String(n).padStart(2, '0');
}

/** Length of track `n` in seconds: between 30 and 90, different from one track to the next. */
export function trackSeconds(n: number): number {
  return 30 + ((n * 37) % 61);
}

export function trackList(): Track[] {
  return titles.map((title, index) => ({
    src: `/media/tracks/${trackNumber(index + 1)}.mp3`,
    title,
    artist: trackArtist,
    cover: `/media/covers/${trackNumber(index + 1)}.webp`,
  }));
}
