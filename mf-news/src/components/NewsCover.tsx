import { useState } from 'react';
import styles from './news.module.css';

/**
 * The cover in a box of fixed proportions, so the list does not jump as images arrive. With no
 * cover, or one that fails to load, the box stays a plain placeholder instead of a broken image.
 */
export function NewsCover({ src, size = 'normal' }: { src: string; size?: 'normal' | 'small' }) {
  const [failed, setFailed] = useState<string | null>(null);
  const box = `${styles.cover} ${size === 'small' ? styles.coverSmall : ''}`;
  return (
    <div className={box}>
      {src && failed !== src && (
        // The title beside it already names the item: an alt of its own would be read twice.
        <img className={styles.coverImage} src={src} alt="" loading="lazy" decoding="async" onError={() => setFailed(src)} />
      )}
    </div>
  );
}
