import type { NewsItem, NewsSource } from '@papo/contract/home';
import type { SupportedLanguage } from '@papo/contract/auth';

export type NewsLanguage = SupportedLanguage;

/*
 * Demo headlines served when no search API is configured (DESIGN §7, §10): original short news about what
 * is happening on Papo itself, in the four languages, each linking to the page it talks about and
 * illustrated with one of the landscapes Papo draws (features/media). Not outside news, and they say so.
 */

type Headline = { path: string; photo: number; text: Record<NewsLanguage, [title: string, snippet: string]> };

const headlines: readonly Headline[] = [
  {
    path: '/channels',
    photo: 1,
    text: {
      pt: ['Canais regionais ganham movimento no fim de semana', 'Do #rio a #lisboa, os canais regionais tiveram as conversas mais animadas da semana. Veja a lista completa de canais.'],
      en: ['Regional channels come alive at the weekend', 'From #rio to #lisboa, the regional channels had the liveliest conversations of the week. See every channel.'],
      fr: ['Les salons régionaux s’animent le week-end', 'De #rio à #lisboa, les salons régionaux ont eu les conversations les plus vives de la semaine.'],
      es: ['Los canales regionales se animan el fin de semana', 'De #rio a #lisboa, los canales regionales tuvieron las charlas más animadas de la semana.'],
    },
  },
  {
    path: '/music',
    photo: 5,
    text: {
      pt: ['Tocador do Papo reúne 28 faixas originais', 'Músicas sintetizadas pelo próprio site, com analisador de espectro e capa desenhada para cada faixa.'],
      en: ['Papo’s player gathers 28 original tracks', 'Tracks synthesised by the site itself, with a spectrum analyser and a drawn cover for each one.'],
      fr: ['Le lecteur de Papo réunit 28 morceaux originaux', 'Des morceaux synthétisés par le site, avec un analyseur de spectre et une pochette dessinée pour chacun.'],
      es: ['El reproductor de Papo reúne 28 pistas originales', 'Pistas sintetizadas por el propio sitio, con analizador de espectro y una portada dibujada para cada una.'],
    },
  },
  {
    path: '/bio',
    photo: 8,
    text: {
      pt: ['Biografia ano a ano conta cinco décadas de música', 'De 1974 a 2025, a página de biografia percorre shows, discos e encontros, com busca e cartões de pessoas.'],
      en: ['A year-by-year biography spans five decades of music', 'From 1974 to 2025 the biography page walks through shows, records and meetings, with search and people cards.'],
      fr: ['Une biographie année par année couvre cinq décennies', 'De 1974 à 2025, la page biographie parcourt concerts, disques et rencontres, avec recherche et fiches.'],
      es: ['Una biografía año a año recorre cinco décadas', 'De 1974 a 2025, la página de biografía recorre conciertos, discos y encuentros, con búsqueda y tarjetas.'],
    },
  },
  {
    path: '/blog',
    photo: 3,
    text: {
      pt: ['Blog publica guia de viagens e crônicas de tecnologia', 'Novos textos da redação sobre viagens, cultura e tecnologia, com busca que entende palavras sem acento.'],
      en: ['The blog publishes a travel guide and tech essays', 'New pieces on travel, culture and technology, with a search that understands words typed without accents.'],
      fr: ['Le blog publie un guide de voyage et des chroniques tech', 'De nouveaux textes sur les voyages, la culture et la technologie, avec une recherche qui ignore les accents.'],
      es: ['El blog publica una guía de viajes y crónicas de tecnología', 'Nuevos textos sobre viajes, cultura y tecnología, con una búsqueda que entiende palabras sin tilde.'],
    },
  },
  {
    path: '/cryptos',
    photo: 11,
    text: {
      pt: ['Página de criptomoedas mostra as dez maiores do mercado', 'Preço, valor de mercado e variação em 24 horas, com explicações para quem está começando.'],
      en: ['The crypto page lists the ten largest coins', 'Price, market cap and 24-hour change, with explanations for beginners.'],
      fr: ['La page crypto présente les dix plus grandes monnaies', 'Prix, capitalisation et variation sur 24 heures, avec des explications pour débuter.'],
      es: ['La página de criptomonedas muestra las diez mayores', 'Precio, capitalización y variación en 24 horas, con explicaciones para quien empieza.'],
    },
  },
  {
    path: '/lyrics',
    photo: 10,
    text: {
      pt: ['Cantigas de domínio público chegam à seção de letras', 'Ciranda, cantigas de roda e modinhas tradicionais, com a fonte de cada letra.'],
      en: ['Public-domain folk songs arrive in the lyrics section', 'Traditional Brazilian songs with the source of every lyric.'],
      fr: ['Des chansons du domaine public arrivent dans les paroles', 'Chansons traditionnelles brésiliennes, avec la source de chaque texte.'],
      es: ['Canciones de dominio público llegan a la sección de letras', 'Canciones tradicionales brasileñas, con la fuente de cada letra.'],
    },
  },
];

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
}

function toItem(headline: Headline, lang: NewsLanguage, origin: string): NewsItem {
  const [title, snippet] = headline.text[lang];
  const photo = String(headline.photo).padStart(2, '0');
  return { title, link: `${origin}${headline.path}`, snippet, pagemap: { cse_image: [{ src: `${origin}/media/photos/${photo}-small.webp` }] } };
}

export function localHeadlines(lang: NewsLanguage, origin: string): NewsItem[] {
  return headlines.map((headline) => toItem(headline, lang, origin));
}

/** The Portuguese demo headlines whose title or snippet holds every word of `query` (the picker's sources are Brazilian). */
export function localPickerResults(_source: NewsSource, query: string, origin: string): NewsItem[] {
  const words = fold(query).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return localHeadlines('pt', origin).filter((item) => {
    const text = fold(`${item.title} ${item.snippet}`);
    return words.every((word) => text.includes(word));
  });
}
