import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { storeImage } from '../uploads/index.js';
import { useTestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { buildUser } from '../../test/users.js';
import { articleDeps } from '../articles/index.js';
import { recordStamp } from '../revisions/index.js';
import { findStore, listCategories } from './repo.js';
import {
  checkStoreVersion,
  createStore,
  descriptionOf,
  drawAds,
  editStore,
  pictureFolder,
  pictureRules,
  placeSlotPicture,
  publicStore,
  publishStoreChanges,
  removeSlot,
  saveCover,
  saveSlotLink,
  setPublishState,
  suggestDescription,
  type StoreSave,
} from './service.js';

/** The stores service called directly (the HTTP answers are in stores.test.ts), on each database. */
describeEachDialect('stores service', (dialect) => {
  const t = useTestApp({ dialect });
  let ownerId: number;
  let categoryId: number;
  let counter = 0;
  const deps = () => ({ db: t.app.db, dialect: t.app.dialect });
  const as = (ifMatch?: string): StoreSave => ({ authorId: ownerId, ifMatch });
  const shop = (name = `Loja ${++counter}`) =>
    createStore(t.app.db, ownerId, 'shop', { name, country: 'br', category: categoryId });
  const picture = async () =>
    storeImage(
      t.app.uploads,
      pictureFolder,
      await sharp({ create: { width: 40, height: 40, channels: 3, background: '#a73' } })
        .png()
        .toBuffer(),
      pictureRules,
    );
  const exists = async (key: string) => (await t.app.uploads.head(key)) !== null;
  const withUploads = () => ({ ...deps(), uploads: t.app.uploads, log: t.app.log });

  beforeAll(async () => {
    ownerId = (await buildUser(t.app, { username: 'gerente' })).id;
    const [category] = await listCategories(t.app.db);
    if (!category) throw new Error('the migrations seed the album categories');
    categoryId = category.id;
  });

  it('draws no ad until a published store has a linked slot, then draws that slot', async () => {
    const course = await createStore(t.app.db, ownerId, 'course', { name: 'Escola de Anúncios', country: 'pt' });
    const image = await picture();
    await placeSlotPicture(deps(), as(), course.id, 0, image);
    await saveSlotLink(deps(), as(), course.id, 0, {
      actionUrl: 'https://example.com/aula',
      description: 'Aula de fado',
    });
    expect((await drawAds(t.app.db)).course).toBeNull();
    await setPublishState(deps(), as(), course.id, true);
    expect((await drawAds(t.app.db)).course).toEqual({
      url: 'https://example.com/aula',
      image: image.key,
      description: 'Aula de fado',
      store: { slug: 'escola-de-anuncios', name: 'Escola de Anúncios', kind: 'course' },
    });
  });

  it('derives the slug from the name unless one is given, and refuses a taken or empty one', async () => {
    expect((await shop('Pão & Companhia')).slug).toBe('pao-companhia');
    expect(
      (await createStore(t.app.db, ownerId, 'course', { name: 'Outro nome', slug: 'meu-endereco', country: 'fr' }))
        .slug,
    ).toBe('meu-endereco');
    await expect(shop('Pao  Companhia')).rejects.toMatchObject({
      statusCode: 409,
      key: 'slug_taken',
      errors: { slug: ['slug_taken'] },
    });
    await expect(
      createStore(t.app.db, ownerId, 'course', { name: 'Qualquer', slug: 'meu-endereco', country: 'br' }),
    ).rejects.toMatchObject({ statusCode: 409 });
    await expect(shop('!!!')).rejects.toMatchObject({
      statusCode: 400,
      key: 'invalid_slug',
      errors: { name: ['invalid_slug'] },
    });
    await expect(
      createStore(t.app.db, ownerId, 'shop', { name: 'Sem categoria', country: 'br', category: 999_999 }),
    ).rejects.toMatchObject({
      statusCode: 400,
      key: 'category_not_found',
    });
    expect(await findStore(t.app.db, { slug: 'sem-categoria', publishedOnly: true })).toBeUndefined();
  });

  it('renames a store to a new slug, keeps its slug when only the country changes, and sends its old name on', async () => {
    const { id } = await shop('Nome Antigo');
    await setPublishState(deps(), as(), id, true);
    const same = await editStore(deps(), as(), id, { name: 'Nome Antigo', country: 'pt' });
    expect(same.slug).toBe('nome-antigo');
    const renamed = await editStore(deps(), as(), id, { name: 'Nome Novo', country: 'pt' });
    expect(renamed).toMatchObject({ slug: 'nome-novo' });
    expect(renamed.revision).toBeGreaterThan(same.revision);
    // The store is published: the new name waits for its publication, and the old address answers until then.
    expect(await publicStore(t.app.db, 'nome-antigo')).toMatchObject({ name: 'Nome Antigo', country: 'br' });
    await publishStoreChanges(withUploads(), as(`"r${renamed.revision}"`), id);
    expect(await publicStore(t.app.db, 'nome-antigo')).toEqual({ movedTo: 'nome-novo' });
    // The category stays when the edit leaves it out; a new store may take the old name, which then is its own.
    expect(await findStore(t.app.db, { id })).toMatchObject({
      name: 'Nome Novo',
      country: 'pt',
      category: { id: categoryId },
    });
    expect((await shop('Nome Antigo')).slug).toBe('nome-antigo');
    await expect(publicStore(t.app.db, 'nome-antigo')).rejects.toMatchObject({
      statusCode: 404,
      key: 'store_not_found',
    });
    const other = await shop('Vizinha');
    await expect(editStore(deps(), as(), other.id, { name: 'Nome Novo', country: 'br' })).rejects.toMatchObject({
      statusCode: 409,
      key: 'slug_taken',
    });
    await expect(editStore(deps(), as(), 999_999, { name: 'Ninguém', country: 'br' })).rejects.toMatchObject({
      statusCode: 404,
      key: 'store_not_found',
    });
  });

  it('refuses a save on a stale version with 412 and writes nothing', async () => {
    const { id } = await shop('Versões');
    const first = await editStore(deps(), as('"r0"'), id, { name: 'Versões A', country: 'br' });
    await expect(editStore(deps(), as('"r0"'), id, { name: 'Versões B', country: 'br' })).rejects.toMatchObject({
      statusCode: 412,
      key: 'edit_conflict',
    });
    await expect(setPublishState(deps(), as('"r0"'), id, true)).rejects.toMatchObject({ statusCode: 412 });
    await expect(checkStoreVersion(t.app.db, id, '"r0"')).rejects.toMatchObject({ statusCode: 412 });
    await expect(saveCover(deps(), as('"r0"'), id, 'Capa')).rejects.toMatchObject({ statusCode: 412 });
    expect(await findStore(t.app.db, { id })).toMatchObject({
      name: 'Versões A',
      slug: 'versoes-a',
      published: false,
      description: '',
    });
    await checkStoreVersion(t.app.db, id, `"r${first.revision}"`);
    const covered = await saveCover(deps(), as(`"r${first.revision}"`), id, 'Capa nova', 'stores/capa.webp');
    expect((await recordStamp(t.app.db, 'store', id)).revision).toBe(covered);
    expect(await findStore(t.app.db, { id })).toMatchObject({ cover: 'stores/capa.webp', description: 'Capa nova' });
  });

  it('shows a store to the public only while published, its slots by position', async () => {
    const { id, slug } = await shop('Vitrine');
    await placeSlotPicture(deps(), as(), id, 5, await picture());
    await placeSlotPicture(deps(), as(), id, 1, await picture());
    await expect(publicStore(t.app.db, slug)).rejects.toMatchObject({ statusCode: 404, key: 'store_not_found' });
    await setPublishState(deps(), as(), id, true);
    const store = await publicStore(t.app.db, slug);
    expect('movedTo' in store ? [] : store.content.map((item) => item.position)).toEqual([1, 5]);
    await setPublishState(deps(), as(), id, false);
    await expect(publicStore(t.app.db, slug)).rejects.toMatchObject({ statusCode: 404 });
    await expect(publicStore(t.app.db, 'x'.repeat(500))).rejects.toMatchObject({ statusCode: 404 });
    await expect(setPublishState(deps(), as(), 999_999, true)).rejects.toMatchObject({
      statusCode: 404,
      key: 'store_not_found',
    });
  });

  it('keeps a slot’s link when its picture changes, keeps the pictures the history still shows, and has no link for an empty slot', async () => {
    const { id } = await shop();
    const first = await picture();
    expect((await placeSlotPicture(deps(), as(), id, 3, first)).unused).toEqual([]);
    await saveSlotLink(deps(), as(), id, 3, { actionUrl: 'https://example.com/caneca', description: 'Caneca' });
    const second = await picture();
    // the replaced picture stays stored: a kept revision shows it, and a restore brings it back.
    expect((await placeSlotPicture(deps(), as(), id, 3, second)).unused).toEqual([]);
    expect(await exists(first.key)).toBe(true);
    expect((await findStore(t.app.db, { id }))?.content).toEqual([
      {
        position: 3,
        url: second.key,
        thumbnail: second.thumbnail,
        actionUrl: 'https://example.com/caneca',
        description: 'Caneca',
      },
    ]);
    await expect(
      saveSlotLink(deps(), as(), id, 4, { actionUrl: 'https://example.com/', description: '' }),
    ).rejects.toMatchObject({ statusCode: 404, key: 'slot_empty' });
    await expect(
      saveSlotLink(deps(), as(), 999_999, 3, { actionUrl: 'https://example.com/', description: '' }),
    ).rejects.toMatchObject({ key: 'store_not_found' });
    expect(await exists(second.key)).toBe(true);
    await removeSlot({ ...deps(), uploads: t.app.uploads, log: t.app.log }, as(), id, 3);
    expect((await findStore(t.app.db, { id }))?.content).toEqual([]);
    expect(await exists(second.key)).toBe(true);
  });

  it('writes a description once into an unpublished article the store then shows', async () => {
    const { id } = await shop('Chá da Tarde');
    await placeSlotPicture(deps(), as(), id, 0, await picture());
    await saveSlotLink(deps(), as(), id, 0, { actionUrl: 'https://example.com/bule', description: 'Bule azul' });
    const describeDeps = { articles: articleDeps(t.app), provider: {} };
    const { description, articleId } = await suggestDescription(describeDeps, ownerId, id);
    expect(description).toContain('Chá da Tarde');
    expect(description).toContain('Bule azul');
    const store = await findStore(t.app.db, { id });
    expect(store).toMatchObject({ articleId, isEmptyDescription: false });
    expect(store && (await descriptionOf(t.app.db, store))).toBe(description);
    await expect(suggestDescription(describeDeps, ownerId, id)).rejects.toMatchObject({
      statusCode: 409,
      key: 'description_exists',
    });

    const described = await shop('Já Descrita');
    await saveCover(deps(), as(), described.id, 'Uma descrição escrita à mão');
    await expect(suggestDescription(describeDeps, ownerId, described.id)).rejects.toMatchObject({
      statusCode: 409,
      key: 'description_exists',
    });
  });
});
