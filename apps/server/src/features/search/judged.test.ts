import type { SearchResponse } from '@papo/contract/search';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { seedArticles } from '../articles/seed/seed.js';

/*
 * A judged set over the demo corpus (its 32 articles and 23 lyrics): what a reader types — typos, missing accents,
 * plurals and singulars, several words, names — and the page they want on top. A correction is applied only when it
 * finds more than the query (it is then the suggestion, "Você quis dizer …?"); `exact` keeps what was typed.
 */

type Judged = [section: 'blog' | 'lyrics', query: string, top: string, corrected?: string];

const judged: Judged[] = [
  // Typos
  ['lyrics', 'sapu', 'Sapo cururu', 'sapo'],
  ['blog', 'lisbao', 'Um fim de semana em Lisboa sem pressa', 'lisboa'],
  ['blog', 'capoera', 'Capoeira: jogo, luta e música', 'capoeira'],
  ['blog', 'literatrua de cordel', 'Literatura de cordel: poesia que se pendura no barbante', 'literatura de cordel'],
  ['blog', 'chapada diamantia', 'Chapada Diamantina para iniciantes', 'chapada diamantina'],
  ['blog', 'voluntariadu', 'Voluntariado perto de casa', 'voluntariado'],
  ['blog', 'acessibilidadi', 'Acessibilidade na web começa no texto', 'acessibilidade'],
  ['blog', 'fotografra celular', 'Fotografar com o celular à noite', 'fotografar celular'],
  ['lyrics', 'terezina de jesus', 'Terezinha de Jesus', 'terezinha de jesus'],
  ['lyrics', 'pirulitu', 'Pirulito que bate bate', 'pirulito'],
  ['lyrics', 'alecrin dourado', 'Alecrim dourado', 'alecrim dourado'],
  ['lyrics', 'ciranda cirandiha', 'Ciranda, cirandinha', 'ciranda cirandinha'],
  // Missing accents
  ['blog', 'forro pe de serra', 'Forró pé de serra: o som que atravessa gerações'],
  ['blog', 'azulejo portugues', 'O azulejo português e suas histórias'],
  ['blog', 'violao', 'Aprender violão depois dos trinta'],
  ['blog', 'pao caseiro', 'Pão caseiro com fermentação natural'],
  ['blog', 'cafe coado', 'Café coado: pequenos ajustes, grande diferença'],
  ['lyrics', 'balao', 'Cai, cai, balão'],
  ['lyrics', 'itororo', 'Fui no Itororó'],
  ['lyrics', 'samba lele', 'Samba Lelê'],
  ['lyrics', 'chapeu tem tres pontas', 'O meu chapéu tem três pontas'],
  ['lyrics', 'capelinha de melao', 'Capelinha de melão'],
  ['lyrics', 'escravos de jo', 'Escravos de Jó'],
  // Plurals and singulars
  ['blog', 'festas juninas', 'Festas juninas: comidas, danças e simpatias'],
  ['blog', 'museus gratuitos', 'Museus gratuitos: como aproveitar melhor a visita'],
  ['blog', 'apelido', 'Apelidos: a arte de escolher um nome para a internet'],
  ['blog', 'senha forte', 'Senhas fortes sem sofrimento'],
  ['blog', 'tempero', 'Horta na varanda: temperos que crescem em vaso'],
  ['lyrics', 'escravo', 'Escravos de Jó'],
  // Several words
  ['blog', 'operador mestre fundador', 'O que significam voz, operador, mestre e fundador'],
  ['blog', 'etiqueta nos canais', 'Guia rápido de etiqueta nos canais'],
  ['blog', 'playlist para estudar', 'Como montar uma playlist para estudar'],
  ['blog', 'trem pelo brasil', 'Viajar de trem pelo Brasil: ainda dá'],
  ['blog', 'porto cafes ponte', 'Porto em três cafés e uma ponte'],
  ['blog', 'mochila leve', 'Mochila leve: o que levar numa viagem curta'],
  ['blog', 'organizar a semana', 'Organizar a semana no domingo à noite'],
  ['blog', 'regra do tres dois um', 'Backup: a regra do três, dois, um'],
  ['lyrics', 'atirei o pau no gato', 'Atirei o pau no gato'],
  ['lyrics', 'se essa rua fosse minha', 'Se essa rua fosse minha'],
  ['lyrics', 'boi da cara preta', 'Boi da cara preta'],
  ['lyrics', 'cravo brigou com a rosa', 'O cravo brigou com a rosa'],
  ['lyrics', 'arredonda a saia', 'Ó Rosa, arredonda a saia'],
  ['lyrics', 'a canoa virou', 'A canoa virou'],
  // Names
  ['blog', 'lisboa', 'Um fim de semana em Lisboa sem pressa'],
  ['blog', 'pernambuco', 'Maracatu, frevo e ciranda: um passeio pelo carnaval de Pernambuco'],
  ['blog', 'chapada diamantina', 'Chapada Diamantina para iniciantes'],
  ['lyrics', 'viseu', 'Indo eu, indo eu, a caminho de Viseu'],
  ['lyrics', 'terezinha', 'Terezinha de Jesus'],
  ['lyrics', 'sapo cururu', 'Sapo cururu'],
  ['lyrics', 'limoeiro', 'Meu limão, meu limoeiro'],
];

describeEachDialect('search over the demo corpus, judged', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    await seedArticles({ db: t.app.db, dialect, siteOrigin: 'http://localhost:3000', uploads: t.app.uploads });
  }, 60_000);
  afterAll(() => t?.close());

  const search = async (section: 'blog' | 'lyrics', q: string, exact = false) => {
    const url = `/api/${section === 'blog' ? 'search' : 'search_lyrics'}?q=${encodeURIComponent(q)}${exact ? '&exact=1' : ''}`;
    const res = await t.app.inject({ url });
    expect(res.statusCode, url).toBe(200);
    return res.json<SearchResponse>();
  };

  it(`puts the expected page first for each of ${judged.length} judged queries, correcting only what finds more`, async () => {
    const wrong: string[] = [];
    for (const [section, q, top, corrected] of judged) {
      const answer = await search(section, q);
      const found = answer.results[0]?.title;
      if (found !== top || answer.suggestion !== (corrected ?? null) || answer.usedQuery !== (corrected ?? q)) {
        wrong.push(
          `${section} "${q}": ${JSON.stringify({ top: found, suggestion: answer.suggestion, usedQuery: answer.usedQuery })}`,
        );
      }
    }
    expect(wrong).toEqual([]);
    expect(judged.length).toBeGreaterThanOrEqual(40);
  });

  it("lets the reader search exactly what they typed: the suggestion stays, the results are the query's own", async () => {
    for (const section of ['blog', 'lyrics'] as const) {
      const typed = section === 'blog' ? 'lisbao' : 'sapu';
      const answer = await search(section, typed, true);
      expect(answer).toEqual({ results: [], suggestion: section === 'blog' ? 'lisboa' : 'sapo', usedQuery: typed });
    }
  });

  it('offers no correction that finds no more than the query: a word found as typed is left alone', async () => {
    // "saia" is a word of the corpus (one lyric) and one edit from "sala"; "limao" finds its lyric as typed.
    for (const [section, q] of [
      ['lyrics', 'saia'],
      ['lyrics', 'limao'],
      ['blog', 'lisboa'],
    ] as const) {
      expect((await search(section, q)).suggestion, q).toBeNull();
    }
  });
});
