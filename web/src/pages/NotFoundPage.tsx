import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';

export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Page not found</h1>
      <Link to="/" className="text-emerald-700 underline">
        Go to the home page
      </Link>
    </div>
  );
}
