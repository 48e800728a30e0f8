import { Link } from 'react-router';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { FAQ_SECTIONS } from './faq';

/** One accordion for every section, so exactly one answer is open at a time. */
export default function HelpCenterPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">Help Center</h1>
      <p className="mt-2 text-muted-foreground">
        Answers to common questions. Can't find yours?{' '}
        <Link to="/contact" className="text-primary underline">
          Contact us
        </Link>
        .
      </p>
      <Accordion type="single" collapsible className="mt-8 space-y-8">
        {FAQ_SECTIONS.map((section) => (
          <section key={section.title} aria-label={section.title}>
            <h2 className="mb-2 text-lg font-semibold">{section.title}</h2>
            <div className="rounded-xl border px-4">
              {section.items.map((item) => (
                <AccordionItem key={item.id} value={item.id}>
                  <AccordionTrigger>{item.question}</AccordionTrigger>
                  <AccordionContent>{item.answer}</AccordionContent>
                </AccordionItem>
              ))}
            </div>
          </section>
        ))}
      </Accordion>
    </div>
  );
}
