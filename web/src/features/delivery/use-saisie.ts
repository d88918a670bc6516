import { useEffect, useRef, useState } from 'react';
import useSWR from 'swr';
import { swrKeys } from '../../lib/swr-keys';
import { saisieStatus, startSaisie, type SaisieJobView, type SaisieTarget } from './api';
import { deliveryFailure } from './failure';
import { i18n } from '../../i18n/i18n';

const POLL_MS = 1000;
const finished = (job?: SaisieJobView) => job?.state === 'completed' || job?.state === 'failed';

/**
 * A bulk saisie from the orders screen: starts the job, follows it every second until it ends,
 * then calls `onFinished` once (the screen reloads the orders to show their new status).
 */
export function useSaisie(onFinished: () => void) {
  const [jobId, setJobId] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const { data: job } = useSWR<SaisieJobView>(
    jobId ? [swrKeys.saisie, jobId] : null,
    ([, id]: [string, string]) => saisieStatus(id),
    { refreshInterval: (latest) => (finished(latest) ? 0 : POLL_MS), revalidateOnFocus: false },
  );
  const reported = useRef<string>(undefined);

  useEffect(() => {
    if (job && finished(job) && reported.current !== job.jobId) {
      reported.current = job.jobId;
      onFinished();
    }
  }, [job, onFinished]);

  async function start(target: SaisieTarget) {
    setFailure(undefined);
    try {
      setJobId((await startSaisie(target)).jobId);
    } catch (error) {
      setFailure(deliveryFailure(error, 'Failed to run saisie', i18n.t('delivery.saisie_start_failed')));
    }
  }

  return {
    job: jobId ? job : undefined,
    running: jobId !== undefined && !finished(job),
    failure,
    start,
    dismiss: () => setJobId(undefined),
  };
}
