import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { type ContactForm as ContactFields, type ContactType, contactFormSchema } from '@shared/support';
import { useSendContact } from './api';

const NOUN: Record<ContactType, string> = { 'Contact Inquiry': 'message', 'Bug Report': 'report', 'Feature Request': 'request' };
const SUCCESS: Record<ContactType, string> = { 'Contact Inquiry': 'Message sent', 'Bug Report': 'Report sent', 'Feature Request': 'Request sent' };

export function ContactForm({
  type,
  title,
  intro,
  subjectPlaceholder,
  messagePlaceholder,
}: {
  type: ContactType;
  title: string;
  intro: string;
  subjectPlaceholder: string;
  messagePlaceholder: string;
}) {
  const form = useForm<ContactFields>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: { name: '', email: '', subject: '', message: '' },
  });
  const send = useSendContact();
  const submit = (values: ContactFields) =>
    send.mutate(
      { ...values, type },
      {
        onSuccess: () => {
          toast.success(SUCCESS[type], { description: "Thank you! We've received it and will get back to you soon." });
          form.reset();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.details) {
            for (const [field, messages] of Object.entries(error.details)) {
              if (field in form.getValues()) form.setError(field as keyof ContactFields, { message: messages[0] });
            }
          }
          const description = error instanceof ApiError && error.status === 429 ? error.message : `There was a problem sending your ${NOUN[type]}. Please try again later.`;
          toast.error('Submission Failed', { description });
        },
      },
    );
  const { errors } = form.formState;
  const field = (name: keyof ContactFields) => ({
    id: `contact-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `contact-${name}-error` : undefined,
    ...form.register(name),
  });
  const error = (name: keyof ContactFields) =>
    errors[name] ? (
      <p id={`contact-${name}-error`} role="alert" className="text-sm text-destructive">
        {errors[name]?.message}
      </p>
    ) : null;

  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-muted-foreground">{intro}</p>
      <Card className="mt-8">
        <CardContent className="p-6">
          <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-5">
            <div className="grid gap-5 sm:grid-cols-2">
              <div className="space-y-2">
                <Label htmlFor="contact-name">Name</Label>
                <Input autoComplete="name" {...field('name')} />
                {error('name')}
              </div>
              <div className="space-y-2">
                <Label htmlFor="contact-email">Email</Label>
                <Input type="email" autoComplete="email" {...field('email')} />
                {error('email')}
              </div>
            </div>
            <div className="space-y-2">
              <Label htmlFor="contact-subject">Subject</Label>
              <Input placeholder={subjectPlaceholder} {...field('subject')} />
              {error('subject')}
            </div>
            <div className="space-y-2">
              <Label htmlFor="contact-message">Message</Label>
              <Textarea rows={7} placeholder={messagePlaceholder} {...field('message')} />
              {error('message')}
            </div>
            <Button type="submit" disabled={send.isPending} className="w-full sm:w-auto">
              {send.isPending ? <Spinner className="size-4 text-primary-foreground" label="Sending" /> : null}
              {send.isPending ? 'Sending...' : 'Send'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
