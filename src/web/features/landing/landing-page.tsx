import { Film, Heart, MessageCircle, Search, Sparkles, Users } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { PricingCards } from '@/components/marketing/pricing-cards';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { arrivedHomeAfterSignOut, useSession } from '@/features/auth/session';
import { FoundingBanner } from './founding-banner';
import { SampleMatches } from './sample-matches';

const FEATURES = [
  { icon: Heart, title: 'Rate your favorites', text: 'Keep the movies and shows you love, rated from 1 to 5 stars, and a watchlist for what is next.' },
  { icon: Users, title: 'Find your taste matches', text: 'We compare favorites and genres to show you the people whose taste is closest to yours.' },
  { icon: MessageCircle, title: 'Talk it over', text: 'Follow people, message your matches and join discussions for every title and genre.' },
  { icon: Search, title: 'Discover what to watch', text: 'Trending, popular and filtered discovery across thousands of movies and series.' },
  { icon: Film, title: 'Share what you are watching', text: 'Set what you are watching right now and see what your friends are into.' },
  { icon: Sparkles, title: 'Go Premium', text: 'Unlimited matches, Advanced Discovery and a weekly profile boost.' },
];

export default function LandingPage() {
  const { user } = useSession();
  const { hash } = useLocation();
  const queryClient = useQueryClient();
  useEffect(() => arrivedHomeAfterSignOut(queryClient), [queryClient]);
  // Signed-in users go straight to Discover, unless the URL carries a hash (e.g. a verification link).
  if (user && !hash) return <Navigate to="/discover" replace />;
  return (
    <div className="space-y-20 pb-10">
      <section className="relative overflow-hidden bg-gradient-to-b from-primary/10 to-transparent">
        <div className="mx-auto flex max-w-5xl flex-col items-center px-4 py-20 text-center sm:py-28">
          <h1 className="text-4xl font-black tracking-tight text-balance sm:text-6xl">
            Find your <span className="text-primary">watch buddy</span>
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-muted-foreground text-balance">
            Reelmates connects movie and TV fans with the same taste. Rate what you love, discover what to watch next, and meet people who get it.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to="/auth" state={{ from: 'signup' }}>
                Get Started Free
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/auth">Log In</Link>
            </Button>
          </div>
        </div>
      </section>

      {!user ? <FoundingBanner /> : null}

      <section aria-labelledby="features-title" className="mx-auto max-w-7xl px-4">
        <h2 id="features-title" className="text-center text-3xl font-bold">
          Everything a fan needs
        </h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title}>
              <Card className="h-full">
                <CardContent className="p-6">
                  <Icon className="size-8 text-primary" aria-hidden />
                  <h3 className="mt-4 font-semibold">{title}</h3>
                  <p className="mt-2 text-sm text-muted-foreground">{text}</p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <SampleMatches />

      <section aria-labelledby="pricing-title" className="mx-auto max-w-7xl px-4">
        <h2 id="pricing-title" className="mb-8 text-center text-3xl font-bold">
          Simple pricing
        </h2>
        <PricingCards />
      </section>

      <section className="mx-auto max-w-4xl px-4">
        <div className="rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground">
          <h2 className="text-3xl font-bold">Your next favorite person is one favorite away</h2>
          <p className="mt-3">Join free in under a minute.</p>
          <Button asChild size="lg" variant="secondary" className="mt-6">
            <Link to="/auth" state={{ from: 'signup' }}>
              Create your account
            </Link>
          </Button>
        </div>
      </section>
    </div>
  );
}
