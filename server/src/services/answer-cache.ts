/**
 * Answers a process keeps while what they were computed from is unchanged. Each is kept with
 * its stamp (a version counter the database moves in every write that could change it, and
 * whatever else it depends on, such as the day); an answer is given again only for the same
 * stamp. A stamp must be read before the rows the answer is computed from, so a kept answer
 * is never older than its stamp. The least recently kept go first past `capacity`.
 */
export class AnswerCache<T> {
  private readonly entries = new Map<string, { stamp: string; answer: T }>();

  constructor(private readonly capacity: number) {}

  get(key: string, stamp: string): T | undefined {
    const entry = this.entries.get(key);
    return entry !== undefined && entry.stamp === stamp ? entry.answer : undefined;
  }

  keep(key: string, stamp: string, answer: T): void {
    this.entries.delete(key);
    this.entries.set(key, { stamp, answer });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }
}
