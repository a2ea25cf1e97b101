import { API, GIVEAWAY_QUESTIONS } from '@elts/contracts';
import { ApiError, Button, callOperation, Modal, readMemberSession } from '@elts/ui';
import { useState } from 'react';
import { GIVEAWAY_MESSAGES } from './giveaway-state.js';

type Answers = Partial<Record<(typeof GIVEAWAY_QUESTIONS)[number]['key'], string>>;

/**
 * The giveaway's terms and its 3 questions; I AGREE sends the answers (`POST /user/giveaway`). The server decides
 * whether they are right; `isCorrect` goes along only because the spec's body has it.
 */
export function GiveawayTermsModal({ open, onClose, onEntered }: { open: boolean; onClose: () => void; onEntered: () => void }) {
  const [answers, setAnswers] = useState<Answers>({});
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);

  const agree = async () => {
    if (GIVEAWAY_QUESTIONS.some(({ key }) => !answers[key])) {
      setError(GIVEAWAY_MESSAGES.incomplete);
      return;
    }
    setError(undefined);
    setSending(true);
    const reply = ({ key, question }: (typeof GIVEAWAY_QUESTIONS)[number]) => ({ question, answer: answers[key] ?? '' });
    const [q1, q2, q3] = GIVEAWAY_QUESTIONS;
    try {
      const envelope = await callOperation(
        API.enterGiveaway,
        {
          body: {
            q1: reply(q1),
            q2: reply(q2),
            q3: reply(q3),
            isCorrect: GIVEAWAY_QUESTIONS.every(({ key, correct }) => answers[key] === correct),
          },
        },
        { token: readMemberSession().token },
      );
      if (!envelope.data?.passed) setError(GIVEAWAY_MESSAGES.incorrect);
      onEntered();
      if (envelope.data?.passed) onClose();
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status === 403 ? failure.message : GIVEAWAY_MESSAGES.failed);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Terms and conditions"
      size="lg"
      footer={
        <Button onClick={() => void agree()} busy={sending}>
          I AGREE
        </Button>
      }
    >
      <p>
        One attempt per member. Answer all three questions correctly to be entered; winners are chosen from the members entered and told by
        email and on social media.
      </p>
      <div className="mt-4 grid gap-5">
        {GIVEAWAY_QUESTIONS.map(({ key, question, options }, index) => (
          <fieldset key={key}>
            <legend className="font-semibold text-ink-900">
              {index + 1}. {question}
            </legend>
            <div className="mt-2 grid gap-2">
              {options.map((option) => (
                <label
                  key={option}
                  className="flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2 ring-1 ring-ink-200 has-checked:ring-brand-600"
                >
                  <input
                    type="radio"
                    name={`giveaway-${key}`}
                    value={option}
                    checked={answers[key] === option}
                    onChange={() => setAnswers((current) => ({ ...current, [key]: option }))}
                    className="size-4 accent-brand-700"
                  />
                  {option}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      {error && (
        <p role="alert" className="mt-4 font-semibold text-red-700">
          {error}
        </p>
      )}
    </Modal>
  );
}
