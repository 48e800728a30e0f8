import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useResendVerification } from './api';
import { ResetRequestForm } from './reset-request-form';
import { useSession } from './session';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

type Mode = 'signin' | 'signup' | 'reset';
interface AuthState {
  showReset?: boolean;
  from?: string;
  returnTo?: string;
}

const HEADINGS: Record<Mode, { title: string; text: string }> = {
  signin: { title: 'Welcome Back', text: 'Sign in to find your watch buddies.' },
  signup: { title: 'Create Account', text: 'Join Reelmates and meet fans with your taste.' },
  reset: { title: 'Reset Password', text: 'We will e-mail you a link to choose a new password.' },
};

/** Header links to /auth (Log In, Sign Up) start a fresh form in the mode they ask for. */
export default function AuthPage() {
  const location = useLocation();
  return <AuthCard key={location.key} />;
}

function AuthCard() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as AuthState;
  const { user, isPending } = useSession();
  const [mode, setMode] = useState<Mode>(state.showReset ? 'reset' : state.from === 'signup' ? 'signup' : 'signin');
  const [email, setEmail] = useState('');
  const [createdFor, setCreatedFor] = useState<string | null>(null);
  const resend = useResendVerification();

  if (!isPending && user && !createdFor) return <Navigate to={state.returnTo ?? '/discover'} replace />;

  const heading = HEADINGS[mode];

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
      <Card>
        {createdFor ? (
          <CardContent className="space-y-4 p-8 text-center">
            <MailCheck className="mx-auto size-12 text-primary" aria-hidden />
            <h1 className="text-2xl font-bold">Check your email</h1>
            <p className="text-muted-foreground">
              We sent a verification link to <strong className="text-foreground">{createdFor}</strong>. Follow it to finish creating your account. If you don't see it, check your
              spam folder.
            </p>
            <Button variant="outline" onClick={() => resend.mutate(createdFor)}>
              Resend verification email
            </Button>
            <Button
              variant="link"
              onClick={() => {
                setCreatedFor(null);
                setMode('signin');
              }}
            >
              Back to sign in
            </Button>
          </CardContent>
        ) : (
          <>
            <CardHeader className="text-center">
              <CardTitle className="text-2xl" role="heading" aria-level={1}>
                {heading.title}
              </CardTitle>
              <CardDescription>{heading.text}</CardDescription>
            </CardHeader>
            <CardContent>
              {mode === 'signin' ? (
                <SignInForm email={email} onEmail={setEmail} onSignedIn={() => navigate(state.returnTo ?? '/discover', { replace: true })} onForgot={() => setMode('reset')} />
              ) : mode === 'signup' ? (
                <SignUpForm email={email} onEmail={setEmail} onExisting={() => setMode('signin')} onCreated={setCreatedFor} />
              ) : (
                <ResetRequestForm email={email} onEmail={setEmail} onBack={() => setMode('signin')} />
              )}
              {mode !== 'reset' ? (
                <p className="mt-6 text-center text-sm text-muted-foreground">
                  {mode === 'signin' ? "Don't have an account?" : 'Already have an account?'}{' '}
                  <button type="button" className="font-medium text-primary underline-offset-4 hover:underline" onClick={() => setMode(mode === 'signin' ? 'signup' : 'signin')}>
                    {mode === 'signin' ? 'Sign up' : 'Sign in'}
                  </button>
                </p>
              ) : null}
            </CardContent>
          </>
        )}
      </Card>
    </div>
  );
}
