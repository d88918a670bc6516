import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';

const FEATURES = [
  {
    title: 'Automated Tasks',
    text: 'Orders arrive from your store by themselves, ready for your agents to confirm.',
  },
  { title: 'Time Saving', text: 'Up to 80% less manual work.' },
  {
    title: 'Easy Integration',
    text: 'Connect your YouCan store and your ZR Express account in a few clicks.',
  },
];

export default function LandingPage() {
  useDocumentTitle('Automate Your eCommerce Business');
  return (
    <div className="flex flex-col items-center gap-10 py-8 text-center">
      <section className="flex max-w-2xl flex-col items-center gap-5">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Automate Your eCommerce Business</h1>
        <p className="text-lg text-slate-600">Save hours of manual work with our powerful automation tools</p>
        <Link
          to="/register"
          className="rounded-md bg-emerald-700 px-6 py-3 text-lg font-semibold text-white hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2"
        >
          Get Started Free
        </Link>
      </section>
      <section aria-label="Features" className="grid w-full gap-4 sm:grid-cols-3">
        {FEATURES.map((feature) => (
          <article
            key={feature.title}
            className="rounded-lg border border-slate-200 bg-white p-6 text-left shadow-sm"
          >
            <h2 className="text-lg font-semibold">{feature.title}</h2>
            <p className="mt-2 text-slate-600">{feature.text}</p>
          </article>
        ))}
      </section>
    </div>
  );
}
