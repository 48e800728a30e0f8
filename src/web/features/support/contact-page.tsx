import { ContactForm } from './contact-form';

export default function ContactPage() {
  return (
    <ContactForm
      type="Contact Inquiry"
      title="Contact Us"
      intro="Questions, feedback or a problem with your account? Write to us and we will answer by e-mail."
      subjectPlaceholder="What is it about?"
      messagePlaceholder="How can we help?"
    />
  );
}
