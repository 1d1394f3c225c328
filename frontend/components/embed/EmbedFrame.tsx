'use client';

import { useEffect, useRef, useState } from 'react';
import { FRAME_SANDBOX, MEASURE } from './embedFrame';

/** The tallest a frame grows to: a runaway embed must not push the page away. */
const MAX_HEIGHT = 3000;

interface EmbedFrameProps {
  src: string;
  title: string;
  className?: string;
  /** The height before the embed reports its own, and the least it shrinks to. */
  minHeight: number;
  /** Lazy frames load when they come near the viewport (or when their closed dialog opens). */
  lazy?: boolean;
  /** Escape pressed inside the frame, which the page's own key handling never hears. */
  onEscape?: () => void;
}

/**
 * A sandboxed frame of vendor code (embedFrame.ts says why a frame) that takes the height its
 * document reports, so a calculator or an entry form is never cut off or scrolled inside the page.
 * Only messages from this frame's own window count.
 */
export function EmbedFrame({ src, title, className, minHeight, lazy, onEscape }: EmbedFrameProps) {
  const ref = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(minHeight);
  // The latest handler, so a new function on each render does not re-subscribe the listener.
  const escape = useRef(onEscape);
  useEffect(() => {
    escape.current = onEscape;
  }, [onEscape]);

  useEffect(() => {
    // The messages of embedFrame.ts's script: { embedHeight } and { embedKey: 'Escape' }.
    function onMessage(event: MessageEvent) {
      if (event.source !== ref.current?.contentWindow || typeof event.data !== 'object' || event.data === null) return;
      const message = event.data as { embedHeight?: unknown; embedKey?: unknown };
      if (message.embedKey === 'Escape') escape.current?.();
      const reported = message.embedHeight;
      if (typeof reported !== 'number' || !Number.isFinite(reported)) return;
      setHeight(Math.min(MAX_HEIGHT, Math.max(minHeight, Math.ceil(reported))));
    }
    window.addEventListener('message', onMessage);
    // Reports sent before this listener existed are lost: ask for the height now.
    ref.current?.contentWindow?.postMessage(MEASURE, '*');
    return () => window.removeEventListener('message', onMessage);
  }, [minHeight]);

  return (
    <iframe
      ref={ref}
      className={className}
      title={title}
      sandbox={FRAME_SANDBOX}
      src={src}
      style={{ height: `${height}px` }}
      loading={lazy ? 'lazy' : undefined}
      onLoad={(event) => event.currentTarget.contentWindow?.postMessage(MEASURE, '*')}
    />
  );
}
