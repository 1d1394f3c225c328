'use client';

import { useRef } from 'react';
import { useBffMutation } from '@/lib/bff/useBffMutation';
import { CmsLink } from '@/components/links/CmsLink';
import { useAppReady } from '@/components/providers/AppReady';
import styles from './TestBench.module.css';

/**
 * The test route's bench (development and test only): the app-wide ready flag as it stands, a
 * task that runs until it is told to finish (so a test can watch the flag without waiting on a
 * clock), and a link that needs sign-in, which waits for the app to be ready.
 */
export function TestBench() {
  const ready = useAppReady();
  const finish = useRef<(() => void) | null>(null);
  const task = useBffMutation({
    mutationFn: () => new Promise<void>((resolve) => (finish.current = resolve)),
  });
  return (
    <div className={`container ${styles.bench}`}>
      <h1>Test bench</h1>
      <p>Only in development and test environments.</p>
      <dl className={styles.facts}>
        <dt>App ready</dt>
        <dd data-testid="app-ready">{ready ? 'yes' : 'no'}</dd>
        <dt>Task</dt>
        <dd data-testid="task">{task.pending ? 'running' : 'idle'}</dd>
      </dl>
      <div className={styles.actions}>
        <button type="button" onClick={() => void task.run()} disabled={task.pending}>
          Start a task
        </button>
        <button type="button" onClick={() => finish.current?.()} disabled={!task.pending}>
          Finish the task
        </button>
      </div>
      <p>
        <CmsLink link={{ url: 'https://partner.example.org/offer?[HARTFORD_PARAMS]', title: 'A partner offer that needs sign-in', signInRequired: true }} />
      </p>
    </div>
  );
}
