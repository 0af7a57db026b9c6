import type { ReactNode } from 'react';
import { BarChart3, Building2, Camera, ShieldCheck } from 'lucide-react';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from './app-sidebar';

/**
 * The frame of the pages a visitor sees before signing in (sign-in, invite sign-up, password reset):
 * the product and the form on the left, the product's blurbs on the right (spec §2).
 */
export function AuthFrame({ children }: { children: ReactNode }) {
  return (
    <div className="grid min-h-screen lg:grid-cols-2">
      <div className="flex items-center justify-center p-4 sm:p-8">
        <div className="w-full max-w-md">
          <div className="mb-6 flex items-center gap-3">
            <div className="flex h-10 w-10 items-center justify-center rounded-lg bg-primary text-primary-foreground">
              <Building2 className="h-5 w-5" aria-hidden />
            </div>
            <div>
              <p className="text-lg font-semibold">{PRODUCT_NAME}</p>
              <p className="text-sm text-muted-foreground">{PRODUCT_TAGLINE}</p>
            </div>
          </div>
          {children}
        </div>
      </div>
      <MarketingPanel />
    </div>
  );
}

const BLURBS = [
  {
    icon: Building2,
    title: 'Multi-site asset registry',
    text: 'Track every asset across your estate in a hierarchy of locations, from organisation and region down to floor and area.',
  },
  {
    icon: Camera,
    title: 'Photo evidence & condition tracking',
    text: 'Record condition assessments in the field with photos, defects and the actions they call for.',
  },
  {
    icon: ShieldCheck,
    title: 'Compliance & reporting',
    text: 'See fire, electrical, lifting-equipment and hygiene compliance at a glance and export reports to Excel or CSV.',
  },
];

function MarketingPanel() {
  return (
    <aside className="hidden flex-col justify-center bg-primary p-12 text-primary-foreground lg:flex" aria-label="About Asset Register">
      <div className="max-w-lg">
        <BarChart3 className="mb-6 h-10 w-10 opacity-80" aria-hidden />
        <h2 className="text-3xl font-bold leading-tight">Professional property asset management</h2>
        <p className="mt-3 text-primary-foreground/80">
          One register for your sites, assets, condition, compliance and meters, built for the office and the field.
        </p>
        <ul className="mt-10 grid gap-6">
          {BLURBS.map((blurb) => (
            <li key={blurb.title} className="flex gap-4">
              <div className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-primary-foreground/10">
                <blurb.icon className="h-5 w-5" aria-hidden />
              </div>
              <div>
                <h3 className="font-semibold">{blurb.title}</h3>
                <p className="mt-1 text-sm text-primary-foreground/80">{blurb.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
