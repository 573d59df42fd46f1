import { roles } from '@papo/contract/auth';
import { slugify } from '@papo/contract/slug';
import { drawing, storeDrawnImage, type UploadStorage } from '../uploads/index.js';
import { escapeHtml } from '../../lib/html.js';
import { insertUser } from '../users/index.js';
import { keepRevision, pictureFolder, pictureRules, type StoreDeps } from './service.js';

interface DemoStore {
  kind: 'shop' | 'course';
  name: string;
  country: string;
  category: string;
  hue: number;
  products: string[];
}

/** Demo stores, original as all demo content: several categories and countries, links to example.com. */
export const demoStores: DemoStore[] = [
  {
    kind: 'shop',
    name: 'Ateliê Maré',
    country: 'br',
    category: 'fashion',
    hue: 200,
    products: [
      'Vestido de linho',
      'Chapéu de palha',
      'Sandália de couro',
      'Bolsa de crochê',
      'Lenço de seda',
      'Camisa de algodão',
    ],
  },
  {
    kind: 'shop',
    name: 'Casa Jabuticaba',
    country: 'br',
    category: 'home',
    hue: 300,
    products: ['Vaso de cerâmica', 'Manta de tricô', 'Luminária de bambu', 'Jogo de xícaras', 'Almofada bordada'],
  },
  {
    kind: 'shop',
    name: 'Estante do Sebo',
    country: 'pt',
    category: 'books',
    hue: 30,
    products: [
      'Poesia reunida',
      'Romance de estreia',
      'Guia de Lisboa',
      'Contos do mar',
      'Caderno de viagem',
      'Atlas ilustrado',
      'Livro de receitas',
    ],
  },
  {
    kind: 'shop',
    name: 'Som da Roda',
    country: 'br',
    category: 'music',
    hue: 270,
    products: ['Pandeiro de couro', 'Cavaquinho', 'Cordas de aço', 'Afinador digital'],
  },
  {
    kind: 'shop',
    name: 'Trilha Leve',
    country: 'es',
    category: 'sports',
    hue: 120,
    products: ['Mochila de trilha', 'Garrafa térmica', 'Tênis de corrida', 'Bastão de caminhada', 'Boné respirável'],
  },
  {
    kind: 'shop',
    name: 'Bancada Digital',
    country: 'us',
    category: 'technology',
    hue: 220,
    products: [
      'Teclado mecânico',
      'Fone sem fio',
      'Suporte de notebook',
      'Carregador portátil',
      'Mouse vertical',
      'Cabo trançado',
    ],
  },
  {
    kind: 'shop',
    name: 'Horta na Janela',
    country: 'fr',
    category: 'cooking',
    hue: 90,
    products: ['Kit de temperos', 'Vaso autoirrigável', 'Tábua de corte', 'Pilão de pedra'],
  },
  {
    kind: 'course',
    name: 'Escola de Violão Popular',
    country: 'br',
    category: 'music',
    hue: 280,
    products: ['Violão para iniciantes', 'Acordes de bossa nova', 'Ritmos do samba', 'Harmonia na prática'],
  },
  {
    kind: 'course',
    name: 'Cozinha de Vó',
    country: 'pt',
    category: 'cooking',
    hue: 15,
    products: ['Pães caseiros', 'Doces conventuais', 'Caldos e sopas', 'Bacalhau de festa', 'Conservas'],
  },
  {
    kind: 'course',
    name: 'Código Sem Medo',
    country: 'us',
    category: 'education',
    hue: 190,
    products: ['Lógica de programação', 'HTML e CSS', 'JavaScript do zero', 'Banco de dados'],
  },
  {
    kind: 'course',
    name: 'Viajar Bem',
    country: 'it',
    category: 'travel',
    hue: 160,
    products: ['Roteiros econômicos', 'Fotografia de viagem', 'Italiano para viajantes'],
  },
];

/** A square product picture drawn by sharp: the store's hue, a shape per product and the product name. */
async function drawProduct(name: string, hue: number, index: number): Promise<Buffer> {
  const size = 600;
  const shapeHue = (hue + index * 37) % 360;
  const shapes = [
    `<circle cx="300" cy="250" r="150" fill="hsl(${shapeHue}, 70%, 62%)"/>`,
    `<rect x="160" y="110" width="280" height="280" rx="40" fill="hsl(${shapeHue}, 70%, 62%)"/>`,
    `<polygon points="300,90 470,390 130,390" fill="hsl(${shapeHue}, 70%, 62%)"/>`,
  ];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue}, 55%, 92%)"/><stop offset="1" stop-color="hsl(${(hue + 30) % 360}, 60%, 80%)"/>
    </linearGradient></defs>
    <rect width="${size}" height="${size}" fill="url(#g)"/>
    ${shapes[index % shapes.length]}
    <rect x="0" y="460" width="${size}" height="140" fill="hsl(${hue}, 45%, 22%)" fill-opacity="0.85"/>
    <text x="300" y="545" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="40" font-weight="700" fill="#ffffff">${escapeHtml(name)}</text>
  </svg>`;
  return drawing(svg, { format: 'png' });
}

/**
 * Writes the demo shops and course stores, published, with drawn pictures and example.com links, made by a staff
 * account of their own (no password: nobody signs in with it), so each store's history starts with who made it. Runs
 * only when the stores table is empty; the caller decides that demo content is on.
 */
export async function seedStores(deps: StoreDeps & { uploads: UploadStorage }): Promise<number> {
  if (await deps.db.selectFrom('stores').select('id').limit(1).executeTakeFirst()) return 0;
  const staffId = await insertUser(deps.db, {
    name: 'Equipe de Lojas',
    username: 'lojas_papo',
    email: 'lojas_papo@papo.invalid',
    passwordHash: null,
    roles: [roles.moderator],
    verified: true,
  });
  const categories = new Map(
    (await deps.db.selectFrom('album_categories').select(['id', 'key']).execute()).map((c) => [c.key, c.id]),
  );
  const now = Date.now();
  for (const [i, store] of demoStores.entries()) {
    const slug = slugify(store.name);
    const { id } = await deps.db
      .insertInto('stores')
      .values({
        kind: store.kind,
        name: store.name,
        slug,
        country: store.country,
        category_id: categories.get(store.category) ?? null,
        owner_id: staffId,
        is_published: 1,
        created_at: new Date(now - i * 60 * 60 * 1000).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [position, product] of store.products.entries()) {
      const picture = await storeDrawnImage(
        deps.uploads,
        pictureFolder,
        await drawProduct(product, store.hue, position),
        pictureRules,
      );
      await deps.db
        .insertInto('store_items')
        .values({
          store_id: id,
          position,
          image: picture.key,
          thumbnail: picture.thumbnail,
          action_url: `https://example.com/${store.kind === 'course' ? 'cursos' : 'produtos'}/${slug}/${slugify(product)}`,
          description: product,
        })
        .execute();
    }
    await keepRevision(deps, staffId, id);
  }
  return demoStores.length;
}
