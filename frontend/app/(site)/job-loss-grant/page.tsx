import type { Metadata } from 'next';
import { getJobLossPrecheck } from '@/lib/bff/server';
import { precheckMessage } from '@/lib/precheck';
import { PageHero } from '@/components/heroes/PageHero';
import { JobLossPrecheck } from '@/components/precheck/JobLossPrecheck';
import styles from '@/components/precheck/Precheck.module.css';

export const metadata: Metadata = {
  title: precheckMessage('title'),
  description: precheckMessage('description'),
};

/**
 * The job loss grant pre-check, /job-loss-grant (spec 2 §2): public. The BFF gives the product,
 * the support line, the form the wizard leads to and the supporting-documentation PDF; the
 * wizard applies contracts/grants.json's day rules in the member's calendar, in the browser.
 */
export default async function JobLossGrantPage() {
  const precheck = await getJobLossPrecheck();
  return (
    <>
      <PageHero hero={{ variant: 'basic', headline: precheckMessage('title'), description: precheckMessage('description') }} />
      <div className={`container ${styles.page}`}>
        <JobLossPrecheck precheck={precheck} />
      </div>
    </>
  );
}
