import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';

/** A screen whose capability has not shipped yet: says so plainly. */
export default function UpcomingPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-slate-600">This screen is not available yet.</p>
      <Link to="/dashboard" className="text-emerald-700 underline">
        Back to the dashboard
      </Link>
    </div>
  );
}
