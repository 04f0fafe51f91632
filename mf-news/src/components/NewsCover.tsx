import { useState } from 'react';
import styles from './news.module.css';

/**
 * The cover in a box of fixed proportions, so the list does not jump as images arrive. With no
 * cover, or one that fails to load, the box stays a plain placeholder instead of a broken image.
 * A cover is fetched once it nears the screen, but one on the first screen (`eager`) at once: it
 * is what the reader waits for there, and a lazy one is asked for only after the page's layout.
 */
export function NewsCover({ src, size = 'normal', eager = false }: { src: string; size?: 'normal' | 'small'; eager?: boolean }) {
  const [failed, setFailed] = useState<string | null>(null);
  const box = `${styles.cover} ${size === 'small' ? styles.coverSmall : ''}`;
  return (
    <div className={box}>
      {src && failed !== src && (
        // The title beside it already names the item: an alt of its own would be read twice.
        <img
          className={styles.coverImage}
          src={src}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onError={() => setFailed(src)}
        />
      )}
    </div>
  );
}
