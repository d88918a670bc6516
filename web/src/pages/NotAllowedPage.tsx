import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';

export function NotAllowedPage() {
  useDocumentTitle('Not allowed');
  return (
    <div className="flex flex-col gap-4" data-testid="not-allowed">
      <h1 className="text-2xl font-bold">Not allowed</h1>
      <p className="text-slate-600">This page is for store owners. Your account is a confirmateur account.</p>
      <Link to="/dashboard" className="text-emerald-700 underline">
        Back to the dashboard
      </Link>
    </div>
  );
}
