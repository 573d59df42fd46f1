import { describe, expect, it } from 'vitest';
import { canonicalPath, findRedirect } from './redirects.js';

describe('canonical page addresses', () => {
  it.each([
    ['/blog/', '/blog'],
    ['/BLOG', '/blog'],
    ['/Shop', '/shop'],
    ['/extraincome', '/extraIncome'],
    ['/EXTRAINCOME/', '/extraIncome'],
    ['/Blog/Um-Fim-De-Semana/', '/blog/um-fim-de-semana'],
    ['/Courses/Curso-A', '/courses/curso-a'],
    ['/Curso/VOCE-NAO-E-UM-LIXO/', '/curso/voce-nao-e-um-lixo'],
    ['/Video/aqz-KE-bpKQ', '/video/aqz-KE-bpKQ'],
    ['/Barra', '/barra'],
    ['/SOBRE-NOS', '/sobre-nos'],
    ['/Autor/Maria', '/autor/Maria'],
    ['/Preview/AbC-9', '/preview/AbC-9'],
  ])('%s is spelled %s', (path, canonical) => {
    expect(canonicalPath(path)).toBe(canonical);
  });

  it.each([
    '/',
    '/blog',
    '/blog/um-fim-de-semana',
    '/extraIncome',
    '/video/aqz-KE-bpKQ',
    '/barra',
    '/curso/voce-nao-e-um-lixo',
  ])('%s is canonical', (path) => {
    expect(canonicalPath(path)).toBeNull();
  });

  it('keeps the query, and asks the features with the canonical path', async () => {
    expect(await findRedirect('/BLOG/?utm_source=x&page=2', [])).toBe('/blog?utm_source=x&page=2');
    expect(await findRedirect('/blog?page=2', [])).toBeNull();
    const asked: string[] = [];
    const oldSlugs = async (path: string) => {
      asked.push(path);
      return path === '/blog/nome-antigo' ? '/blog/nome-novo' : null;
    };
    expect(await findRedirect('/Blog/Nome-Antigo?x=1', [oldSlugs])).toBe('/blog/nome-novo?x=1');
    expect(await findRedirect('/blog/outro', [oldSlugs])).toBeNull();
    expect(asked).toEqual(['/blog/nome-antigo', '/blog/outro']);
  });
});
