import type { CSSProperties } from 'react';
import type { TableBlock } from '@/lib/bff/types';
import { RichText } from '@/components/common/RichText';
import { BlockSection } from './BlockSection';
import styles from './Table.module.css';

/**
 * A table whose first row is the header; with useRowHeaders each later row's first cell heads
 * its row. maxWidth (px) narrows it; on phones it scrolls sideways inside its own box.
 */
export function Table({ block }: { block: TableBlock }) {
  const [head, ...body] = block.rows;
  const style = block.maxWidth ? ({ maxWidth: `${block.maxWidth}px` } as CSSProperties) : undefined;
  return (
    <BlockSection type="table">
      <div className={styles.wrap} style={style}>
        {/* The scroll box takes focus so keyboard users can scroll a wide table. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region is focusable, or a keyboard cannot scroll it (axe: scrollable-region-focusable) */}
        <div className={styles.scroll} tabIndex={0} role="region" aria-label={block.caption || 'Table'}>
          <table className={styles.table}>
            {block.caption && <caption className={styles.caption}>{block.caption}</caption>}
            {head && (
              <thead>
                <tr>
                  {head.map((cell, i) => (
                    <th key={i} scope="col">
                      {cell}
                    </th>
                  ))}
                </tr>
              </thead>
            )}
            <tbody>
              {body.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) =>
                    c === 0 && block.useRowHeaders ? (
                      <th key={c} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={c}>{cell}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {block.html && <RichText html={block.html} className={styles.note} />}
      </div>
    </BlockSection>
  );
}
