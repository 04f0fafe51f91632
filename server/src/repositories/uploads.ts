import type { Store } from '../db/store';

/** Stored files and who sent them, the bytes each user sent, and chunked uploads in progress. */
export class UploadRecords {
  constructor(private readonly store: Store) {}

  async insert(file: { userId: number; url: string; mime: string; size: number; contentHash: string; at: number }): Promise<void> {
    await this.store.q
      .insertInto('uploads')
      .values({
        user_id: file.userId,
        url: file.url,
        mime: file.mime,
        size: file.size,
        content_hash: file.contentHash,
        created_at: file.at,
      })
      .execute();
  }

  async ownerOf(url: string): Promise<number | null> {
    return (await this.byUrl(url))?.user_id ?? null;
  }

  async byUrl(url: string): Promise<{ user_id: number; content_hash: string | null } | null> {
    return (await this.store.q.selectFrom('uploads').select(['user_id', 'content_hash']).where('url', '=', url).executeTakeFirst()) ?? null;
  }

  async keepHash(url: string, contentHash: string): Promise<void> {
    await this.store.q.updateTable('uploads').set({ content_hash: contentHash }).where('url', '=', url).execute();
  }

  async bytesSince(userId: number, sinceMs: number): Promise<number> {
    const row = await this.store.q
      .selectFrom('upload_usage')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('bytes'), eb.lit(0)).as('used'))
      .where('user_id', '=', userId)
      .where('at', '>', sinceMs)
      .executeTakeFirstOrThrow();
    return Number(row.used);
  }

  async addUsage(userId: number, bytes: number, at: number): Promise<void> {
    await this.store.q.insertInto('upload_usage').values({ user_id: userId, bytes, at }).execute();
  }

  async forgetUsageBefore(ms: number): Promise<void> {
    await this.store.q.deleteFrom('upload_usage').where('at', '<', ms).execute();
  }

  async session(userId: number, chunkid: string): Promise<{ chunkcount: number } | null> {
    const row = await this.store.q
      .selectFrom('chunk_sessions')
      .select('chunkcount')
      .where('user_id', '=', userId)
      .where('chunkid', '=', chunkid)
      .executeTakeFirst();
    return row ?? null;
  }

  async openSessions(userId: number): Promise<number> {
    const row = await this.store.q
      .selectFrom('chunk_sessions')
      .select((eb) => eb.fn.countAll<number>().as('open'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.open;
  }

  async openSession(userId: number, chunkid: string, chunkcount: number, at: number): Promise<void> {
    await this.store.q.insertInto('chunk_sessions').values({ user_id: userId, chunkid, chunkcount, updated_at: at }).execute();
  }

  async touchSession(userId: number, chunkid: string, at: number): Promise<void> {
    await this.store.q
      .updateTable('chunk_sessions')
      .set({ updated_at: at })
      .where('user_id', '=', userId)
      .where('chunkid', '=', chunkid)
      .execute();
  }

  /** Parts go with their session (ON DELETE CASCADE). */
  async closeSession(userId: number, chunkid: string): Promise<void> {
    await this.store.q.deleteFrom('chunk_sessions').where('user_id', '=', userId).where('chunkid', '=', chunkid).execute();
  }

  /** Closes the sessions untouched since `ms`; returns which they were. */
  closeSessionsBefore(ms: number): Promise<Array<{ user_id: number; chunkid: string }>> {
    return this.store.q.deleteFrom('chunk_sessions').where('updated_at', '<', ms).returning(['user_id', 'chunkid']).execute();
  }

  /** Bytes of the session's other chunks. */
  async sizeBesides(userId: number, chunkid: string, chunkindex: number): Promise<number> {
    const row = await this.store.q
      .selectFrom('chunk_parts')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('others'))
      .where('user_id', '=', userId)
      .where('chunkid', '=', chunkid)
      .where('chunkindex', '!=', chunkindex)
      .executeTakeFirstOrThrow();
    return Number(row.others);
  }

  async partFile(userId: number, chunkid: string, chunkindex: number): Promise<string | null> {
    const row = await this.store.q
      .selectFrom('chunk_parts')
      .select('file')
      .where('user_id', '=', userId)
      .where('chunkid', '=', chunkid)
      .where('chunkindex', '=', chunkindex)
      .executeTakeFirst();
    return row?.file ?? null;
  }

  /** Records a chunk, replacing an earlier copy of the same index. */
  async putPart(userId: number, chunkid: string, chunkindex: number, size: number, file: string): Promise<void> {
    await this.store.q
      .insertInto('chunk_parts')
      .values({ user_id: userId, chunkid, chunkindex, size, file })
      .onConflict((oc) => oc.columns(['user_id', 'chunkid', 'chunkindex']).doUpdateSet({ size, file }))
      .execute();
  }

  parts(userId: number, chunkid: string): Promise<Array<{ chunkindex: number; file: string }>> {
    return this.store.q
      .selectFrom('chunk_parts')
      .select(['chunkindex', 'file'])
      .where('user_id', '=', userId)
      .where('chunkid', '=', chunkid)
      .execute();
  }
}
