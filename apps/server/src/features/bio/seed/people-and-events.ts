import type { BioLayout } from '@papo/contract/bio';

/*
 * The biography of Tiana Serra, a fictional Brazilian singer and songwriter born in Olinda in 1974
 * (demo content is original or public domain). Every name, place of work, record and prize here is invented.
 */

export interface DemoEvent {
  tag: string;
  tags: string[];
  layout: BioLayout;
  hue: number;
  paragraphs: string[];
}

export const demoEvents: readonly DemoEvent[] = [
  {
    tag: 'Dona Cida',
    tags: ['Olinda', 'Ciranda Viva'],
    layout: 'layout-2',
    hue: 25,
    paragraphs: [
      'Aparecida Serra, a Dona Cida, avó de Tiana, puxava cirandas na beira da praia de Olinda desde os anos 1950.',
      'Foi com ela que a neta aprendeu a marcar o compasso com o pé e a responder os versos em coro.',
    ],
  },
  {
    tag: 'Olinda',
    tags: ['Dona Cida'],
    layout: 'layout-1',
    hue: 200,
    paragraphs: [
      'Cidade de ladeiras e ateliês onde Tiana nasceu e cresceu, entre o frevo do carnaval e as cirandas de fim de tarde.',
      'As casas coloridas da rua do Amparo aparecem em várias das letras que ela escreveu depois.',
    ],
  },
  {
    tag: 'Zeca Lima',
    tags: ['Maré Alta', 'Sal da Terra'],
    layout: 'layout-2',
    hue: 140,
    paragraphs: [
      'Violonista de Caruaru, colega de escola de Tiana e parceiro de composição por mais de trinta anos.',
      'Assina com ela a maior parte das canções do disco Sal da Terra.',
    ],
  },
  {
    tag: 'Maré Alta',
    tags: ['Zeca Lima', 'Festival das Águas'],
    layout: 'layout-3',
    hue: 190,
    paragraphs: [
      'Primeira banda de Tiana, formada com amigos do colégio para tocar em festas de bairro e bailes de clube.',
      'O nome veio de uma brincadeira: os ensaios só terminavam quando a maré subia e molhava os cabos.',
    ],
  },
  {
    tag: 'Festival das Águas',
    tags: ['Maré Alta'],
    layout: 'layout-1',
    hue: 210,
    paragraphs: [
      'Festival de música popular à beira do rio Capibaribe onde a Maré Alta tocou pela primeira vez para milhares de pessoas.',
      'Tiana voltou ao festival como convidada de honra na edição de trinta anos.',
    ],
  },
  {
    tag: 'Marina Duarte',
    tags: ['Sal da Terra', 'Noites de Lua'],
    layout: 'layout-2',
    hue: 300,
    paragraphs: [
      'Produtora musical paulista que ouviu uma fita demo de Tiana num sebo e foi até Olinda para conhecê-la.',
      'Produziu os discos mais conhecidos da cantora e virou amiga da família.',
    ],
  },
  {
    tag: 'Sal da Terra',
    tags: ['Zeca Lima', 'Marina Duarte'],
    layout: 'layout-3',
    hue: 35,
    paragraphs: [
      'Primeiro disco de Tiana Serra, gravado em doze dias num estúdio improvisado numa casa de praia.',
      'A faixa-título, uma ciranda lenta, tocou nas rádios do Nordeste durante todo o verão.',
    ],
  },
  {
    tag: 'Teatro Capiba',
    tags: ['Sal da Terra'],
    layout: 'layout-1',
    hue: 0,
    paragraphs: [
      'Pequeno teatro do Recife onde Tiana fez a temporada de lançamento de Sal da Terra, com ingressos esgotados por seis semanas.',
    ],
  },
  {
    tag: 'Turnê Atlântica',
    tags: ['Marina Duarte', 'Zeca Lima'],
    layout: 'layout-1',
    hue: 220,
    paragraphs: [
      'Turnê de quarenta shows entre Lisboa, Porto, Luanda, Praia e Salvador, cantando cirandas e fados em diálogo.',
      'Os registros dessa viagem viraram um documentário exibido em festivais de cinema.',
    ],
  },
  {
    tag: 'Ciranda Viva',
    tags: ['Dona Cida', 'Olinda'],
    layout: 'layout-2',
    hue: 95,
    paragraphs: [
      'Escola de música gratuita fundada por Tiana em Olinda, em homenagem à avó, onde crianças aprendem percussão, canto e violão.',
      'Mais de dois mil alunos já passaram pelas oficinas de sábado.',
    ],
  },
  {
    tag: 'Noites de Lua',
    tags: ['Marina Duarte'],
    layout: 'layout-3',
    hue: 260,
    paragraphs: ['Disco acústico gravado ao vivo em três noites de lua cheia, só com voz, violão e percussão.'],
  },
  {
    tag: 'Prêmio Canto Livre',
    tags: ['Noites de Lua', 'Ciranda Viva'],
    layout: 'layout-2',
    hue: 50,
    paragraphs: [
      'Prêmio dado pelo público a artistas que mantêm vivas as tradições musicais; Tiana o recebeu pela carreira e pela escola.',
    ],
  },
];
