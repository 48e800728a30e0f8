import { ContactForm } from './contact-form';

export default function FeatureRequestPage() {
  return (
    <ContactForm
      type="Feature Request"
      title="Request a Feature"
      intro="Have an idea that would make Reelmates better? We read every request."
      subjectPlaceholder="Your idea in a few words"
      messagePlaceholder="Describe the feature and how you would use it"
    />
  );
}
