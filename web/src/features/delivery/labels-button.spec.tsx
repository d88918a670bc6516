import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SaisieJobView } from './api';
import { SaisieProgress } from './components/SaisieProgress';
import { fakeResponse } from '../../testing/fake-response';
import { signInForTest } from '../../testing/sign-in-for-test';

const JOB: SaisieJobView = {
  jobId: '7d0e4b2a-1c3f-4a5b-8c6d-9e0f1a2b3c4d',
  state: 'completed',
  progress: { done: 3, total: 3 },
  successfullOrders: ['a', 'b'],
  failedOrders: [
    {
      id: 'c',
      reason: 'Not confirmed (status pending): confirm the order first',
      reasonCode: 'saisie.reason.not_confirmed',
      reasonParams: { status: 'pending' },
    },
  ],
  byAccount: [],
};

let fetchMock: jest.Mock;
let downloaded: string[];
beforeEach(() => {
  signInForTest({ name: 'Amina', type: 'owner', token: 'token-1' });
  downloaded = [];
  URL.createObjectURL = jest.fn(() => 'blob:labels');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloaded.push(`${this.download} ${this.href}`);
  });
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

const renderFinished = (job: SaisieJobView = JOB) =>
  render(<SaisieProgress job={job} refs={new Map()} onDismiss={() => {}} />);

describe('Download labels (PDF) after a saisie', () => {
  it('downloads the saisie’s labels as one PDF and says how many orders had none', async () => {
    fetchMock = jest.fn(async () => ({
      ...fakeResponse({
        status: 200,
        headers: { 'content-type': 'application/pdf', 'x-labels-missing': '1' },
      }),
      blob: async () => new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
    }));
    global.fetch = fetchMock as typeof fetch;
    renderFinished();
    await userEvent.click(await screen.findByRole('button', { name: 'Download labels (PDF)' }));
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      '1 order without a label (not sent yet)',
    );
    expect(downloaded).toEqual(['labels.pdf blob:labels']);
    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect([path, init.method, init.body]).toEqual([
      '/api/ZR/labels',
      'POST',
      JSON.stringify({ saisieId: JOB.jobId }),
    ]);
  });

  it('shows the server’s reason when no label can be printed', async () => {
    global.fetch = jest.fn(async () =>
      fakeResponse({
        status: 404,
        body: { message: 'No label could be printed: Not sent to a carrier yet: run its saisie first' },
      }),
    ) as typeof fetch;
    renderFinished();
    await userEvent.click(await screen.findByRole('button', { name: 'Download labels (PDF)' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No label could be printed: Not sent to a carrier yet: run its saisie first',
    );
    expect(downloaded).toEqual([]);
  });

  it('is not offered when the saisie sent nothing', async () => {
    const { rerender } = renderFinished();
    await screen.findByRole('button', { name: 'Download labels (PDF)' });
    rerender(
      <SaisieProgress job={{ ...JOB, successfullOrders: [] }} refs={new Map()} onDismiss={() => {}} />,
    );
    expect(screen.queryByRole('button', { name: 'Download labels (PDF)' })).toBeNull();
  });
});
