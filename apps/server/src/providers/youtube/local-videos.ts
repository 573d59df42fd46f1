import type { ChannelContent, VideoDetails, VideoItem, VideoSearchPage, VideoSummary } from '@papo/contract/media';

/*
 * The local default when no YouTube key is set: Blender Foundation open movies, published under
 * Creative Commons Attribution, by their real YouTube ids. Thumbnails are drawn by Papo (features/media),
 * descriptions are Papo's own words; views are demo figures.
 */

interface LocalVideo {
  id: string;
  title: string;
  description: string;
  tags: string[];
  duration: number;
  publishedAt: string;
  viewCount: number;
}

const licence =
  'Licença Creative Commons Atribuição (CC BY) — Blender Foundation. Mais em https://studio.blender.org/films/';

const openMovies: LocalVideo[] = [
  {
    id: 'aqz-KE-bpKQ',
    title: 'Big Buck Bunny',
    description: 'Um coelho enorme e pacato decide dar o troco a três roedores encrenqueiros.',
    tags: ['animação', 'comédia'],
    duration: 635,
    publishedAt: '2014-11-10T14:05:55Z',
    viewCount: 51_000_000,
  },
  {
    id: 'eRsGyueVLvQ',
    title: 'Sintel',
    description: 'Uma jovem atravessa terras geladas à procura do pequeno dragão que criou.',
    tags: ['animação', 'fantasia'],
    duration: 888,
    publishedAt: '2010-09-30T11:00:00Z',
    viewCount: 9_700_000,
  },
  {
    id: 'R6MlUcmOul8',
    title: 'Tears of Steel',
    description: 'Em Amsterdã, um grupo de cientistas tenta salvar o mundo de robôs gigantes.',
    tags: ['ficção científica', 'efeitos visuais'],
    duration: 734,
    publishedAt: '2012-09-26T08:00:00Z',
    viewCount: 14_000_000,
  },
  {
    id: 'TLkA0RELQ1g',
    title: 'Elephants Dream',
    description: 'Dois personagens percorrem uma máquina infinita e discutem o que ela é.',
    tags: ['animação', 'surreal'],
    duration: 654,
    publishedAt: '2014-01-20T10:00:00Z',
    viewCount: 1_900_000,
  },
  {
    id: 'Y-rmzh0PI3c',
    title: 'Cosmos Laundromat',
    description: 'Uma ovelha desiludida recebe de um estranho a chance de viver outras vidas.',
    tags: ['animação', 'drama'],
    duration: 730,
    publishedAt: '2015-08-10T15:00:00Z',
    viewCount: 8_600_000,
  },
];

const shorts: LocalVideo[] = [
  {
    id: 'WhWc3b3KhnY',
    title: 'Spring',
    description: 'Uma pastora e seu cão enfrentam espíritos antigos para trazer a primavera.',
    tags: ['animação', 'curta'],
    duration: 464,
    publishedAt: '2019-04-04T13:00:00Z',
    viewCount: 11_000_000,
  },
  {
    id: 'mN0zPOpADL4',
    title: 'Agent 327: Operation Barbershop',
    description: 'O agente secreto 327 investiga uma barbearia suspeita em Amsterdã.',
    tags: ['animação', 'ação'],
    duration: 233,
    publishedAt: '2017-05-15T12:00:00Z',
    viewCount: 18_000_000,
  },
  {
    id: 'lqiN98z6Dak',
    title: 'Glass Half',
    description: 'Dois críticos discutem arte numa galeria — e nenhum dos dois cede.',
    tags: ['animação', 'comédia'],
    duration: 188,
    publishedAt: '2015-12-07T12:00:00Z',
    viewCount: 2_300_000,
  },
  {
    id: 'SkVqJ1SGeL0',
    title: 'Caminandes 3: Llamigos',
    description: 'Koro, a lhama, disputa frutinhas com um pinguim no inverno da Patagônia.',
    tags: ['animação', 'curta'],
    duration: 150,
    publishedAt: '2016-09-20T12:00:00Z',
    viewCount: 6_400_000,
  },
  {
    id: 'Z4C82eyhwgU',
    title: 'Caminandes 2: Gran Dillama',
    description: 'Koro tenta passar por uma cerca elétrica para chegar ao pasto do outro lado.',
    tags: ['animação', 'curta'],
    duration: 146,
    publishedAt: '2013-11-22T12:00:00Z',
    viewCount: 7_800_000,
  },
];

const all = [...openMovies, ...shorts];

/** Width and height of the locally drawn thumbnails. */
const localThumbnailSize = { width: 480, height: 270 } as const;

export function localVideoTitle(id: string): string | undefined {
  return all.find((v) => v.id === id)?.title;
}

function thumbnailPath(id: string): string {
  return `/media/thumbnails/${id}.jpg`;
}

function summary(video: LocalVideo): VideoSummary {
  return {
    id: video.id,
    title: video.title,
    thumbnail: thumbnailPath(video.id),
    thumbnailWidth: localThumbnailSize.width,
    thumbnailHeight: localThumbnailSize.height,
  };
}

export function localChannelContent(): ChannelContent {
  const newestFirst = [...all].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
  return {
    playlists: [
      { id: 'local-open-movies', title: 'Filmes abertos da Blender', videos: openMovies.map(summary) },
      { id: 'local-shorts', title: 'Curtas de animação', videos: shorts.map(summary) },
    ],
    recentVideos: newestFirst.slice(0, 8).map(summary),
  };
}

export function localVideoDetails(id: string): VideoDetails | null {
  const video = all.find((v) => v.id === id);
  if (!video) return null;
  return {
    title: video.title,
    description: `${video.description}\n\n${licence}`,
    thumbnail: thumbnailPath(video.id),
    tags: video.tags,
    statistics: { viewCount: video.viewCount },
    duration: video.duration,
    publishedAt: video.publishedAt,
  };
}

const searchPageSize = 6;

/** Pages of the curated set, with tokens `page-2`, `page-3`… like YouTube's opaque ones. */
export function localSearchPage(pageToken: string | undefined): VideoSearchPage {
  const page = pageToken ? Number(/^page-(\d+)$/.exec(pageToken)?.[1] ?? 0) : 1;
  const start = (page - 1) * searchPageSize;
  const videos = page >= 1 ? all.slice(start, start + searchPageSize) : [];
  const items: VideoItem[] = videos.map((v) => ({
    id: { videoId: v.id },
    snippet: { title: v.title, description: v.description, thumbnails: { high: { url: thumbnailPath(v.id) } } },
  }));
  return start + searchPageSize < all.length && videos.length
    ? { items, nextPageToken: `page-${page + 1}` }
    : { items };
}
