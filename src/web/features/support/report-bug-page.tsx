import { ContactForm } from './contact-form';

export default function ReportBugPage() {
  return (
    <ContactForm
      type="Bug Report"
      title="Report a Bug"
      intro="Something not working? Tell us what you did, what you expected and what happened instead."
      subjectPlaceholder="A short summary of the bug"
      messagePlaceholder="Steps to reproduce, what you expected, what happened, and your browser"
    />
  );
}
