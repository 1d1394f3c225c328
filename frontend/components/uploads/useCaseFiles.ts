'use client';

import { useQuery } from '@tanstack/react-query';
import { uploadsApi } from '@/lib/bff/browser';
import { caseFilesKey } from '@/lib/bff/queries';
import type { BffError } from '@/lib/bff/error';
import type { CaseFileList } from '@/lib/bff/types';

/** The tail of the file listings under way on this page; each waits for the one before it. */
let listings: Promise<unknown> = Promise.resolve();

/**
 * Runs `task` once every listing started before it has settled (spec 2 §4: file listing runs one
 * at a time, however many case blocks a page shows).
 */
export function oneListingAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = listings.then(task, task);
  listings = run.catch(() => undefined);
  return run;
}

/** A case's documents and their states, one listing at a time. */
export function useCaseFiles(caseId: string) {
  return useQuery<CaseFileList, BffError>({
    queryKey: caseFilesKey(caseId),
    queryFn: () => oneListingAtATime(() => uploadsApi.files(caseId)),
    enabled: caseId !== '',
    retry: false,
  });
}
