import { ContactForm } from '../contact/ContactForm.js';
import { PolicyArticle } from './PolicyText.js';

export function ContactUs() {
  return (
    <PolicyArticle
      title="Contact Us"
      intro={
        <p>Brands who want to partner with us, students who want to be campus ambassadors, members with a question: write to us here.</p>
      }
    >
      <div className="rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100 lg:p-8">
        <ContactForm />
      </div>
    </PolicyArticle>
  );
}
