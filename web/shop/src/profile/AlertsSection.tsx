import { type AlertPreferences, WHATSAPP_OPT_IN_WORDING } from '@elts/contracts';
import { ApiError, Button, Card, Checkbox, EmptyState, formatDateTime, readMemberSession, TextInput, useToast } from '@elts/ui';
import { useEffect, useState } from 'react';
import { useAlertChannels, useAlertInbox, useAlertPreferences, useSaveAlertPreferences } from '../api/alerts.js';
import { ListsSection } from './ListsSection.js';
import { WithProfile } from './WithProfile.js';
import {
  isAppleMobile,
  PushRefusal,
  pushAvailable,
  resendThisDevice,
  runsInstalled,
  subscribeThisDevice,
  useInstallOffer,
} from './web-push.js';

/** The account page's Lists section: the lists, then what they alert the member about and how. */
export function ListsWithAlerts() {
  return (
    <WithProfile>
      {(profile) => (
        <>
          <ListsSection profile={profile} />
          <AlertsSection />
        </>
      )}
    </WithProfile>
  );
}

/**
 * Drop alerts on the Lists section (issue 37, docs/decisions/0088): which lists alert the member, on which channels,
 * their quiet hours in India time (messages wait until they end), waking at a drop's opening, the items they muted
 * from a message, and their in-app inbox. Nothing is sent by email until the member turns it on.
 */
function AlertsSection() {
  const saved = useAlertPreferences();
  const inbox = useAlertInbox();
  return (
    <div className="mt-6 grid gap-6 md:grid-cols-2">
      {saved.data ? <AlertSettings saved={saved.data} /> : <Card as="section" aria-label="Drop alerts" aria-busy="true" />}
      <Card as="section" aria-labelledby="alert-inbox-title">
        <h2 id="alert-inbox-title" className="text-lg font-bold text-ink-950">
          Inbox
        </h2>
        {inbox.data && inbox.data.length > 0 ? (
          <ul className="mt-4 grid gap-3">
            {inbox.data.map((message) => (
              <li key={message.id} className="rounded-xl bg-brand-50 p-3">
                <p className="font-semibold text-ink-950">{message.title}</p>
                <p className="text-sm text-ink-700">{message.body}</p>
                <p className="mt-1 text-xs text-ink-600">{formatDateTime(message.createdAt)}</p>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState title="No messages yet" message="We will write here when something on your lists is about to drop." />
        )}
      </Card>
    </div>
  );
}

function AlertSettings({ saved }: { saved: AlertPreferences }) {
  const [draft, setDraft] = useState(saved);
  useEffect(() => setDraft(saved), [saved]);
  const save = useSaveAlertPreferences();
  const toast = useToast();
  const change = (next: Partial<AlertPreferences>) => setDraft((current) => ({ ...current, ...next }));
  const submit = async () => {
    try {
      await save.mutateAsync(draft);
      toast({ message: 'Alert settings saved', tone: 'success' });
    } catch (error) {
      const message =
        error instanceof ApiError && error.status === 400 ? error.message : 'Failed to save alert settings. Please try again.';
      toast({ message, tone: 'error' });
    }
  };
  return (
    <Card as="section" aria-labelledby="alert-settings-title">
      <h2 id="alert-settings-title" className="text-lg font-bold text-ink-950">
        Drop alerts
      </h2>
      <p className="mt-1 text-sm text-ink-600">Hear when something on your lists is about to drop or is live.</p>
      <fieldset className="mt-4 grid gap-3">
        <legend className="mb-2 text-sm font-bold text-ink-800">Alert me about</legend>
        <Checkbox
          label="My Need list"
          checked={draft.lists.need}
          onChange={(e) => change({ lists: { ...draft.lists, need: e.target.checked } })}
        />
        <Checkbox
          label="My Greed list"
          checked={draft.lists.greed}
          onChange={(e) => change({ lists: { ...draft.lists, greed: e.target.checked } })}
        />
      </fieldset>
      <fieldset className="mt-4 grid gap-3">
        <legend className="mb-2 text-sm font-bold text-ink-800">On</legend>
        <Checkbox
          label="Email"
          description="Every message has a link to stop it."
          checked={draft.channels.email}
          onChange={(e) => change({ channels: { ...draft.channels, email: e.target.checked } })}
        />
        <Checkbox
          label="Inbox on this page"
          checked={draft.channels.inbox}
          onChange={(e) => change({ channels: { ...draft.channels, inbox: e.target.checked } })}
        />
        <PushChoice on={draft.channels.push} onChange={(push) => change({ channels: { ...draft.channels, push } })} />
        <WhatsAppChoice on={draft.channels.whatsapp} onChange={(whatsapp) => change({ channels: { ...draft.channels, whatsapp } })} />
      </fieldset>
      <InstallApp />
      <fieldset className="mt-4">
        <legend className="mb-2 text-sm font-bold text-ink-800">Quiet hours (India time)</legend>
        <p className="mb-2 text-sm text-ink-600">Messages wait until quiet hours end; none are lost.</p>
        <div className="grid grid-cols-2 gap-3">
          <TextInput
            label="From"
            type="time"
            value={draft.quietHours.from}
            onChange={(e) => change({ quietHours: { ...draft.quietHours, from: e.target.value } })}
          />
          <TextInput
            label="Until"
            type="time"
            value={draft.quietHours.until}
            onChange={(e) => change({ quietHours: { ...draft.quietHours, until: e.target.value } })}
          />
        </div>
      </fieldset>
      <Checkbox
        className="mt-4"
        label="Wake me when a drop opens"
        description="The opening message comes at once, even in quiet hours."
        checked={draft.wakeAtOpening}
        onChange={(e) => change({ wakeAtOpening: e.target.checked })}
      />
      {draft.mutedItems.length > 0 && (
        <div className="mt-4">
          <p className="mb-2 text-sm font-bold text-ink-800">Items you stopped alerts for</p>
          <ul className="grid gap-2">
            {draft.mutedItems.map((item) => (
              <li key={item} className="flex items-center justify-between gap-3 text-sm text-ink-800">
                <span>{item}</span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Alert me about ${item} again`}
                  onClick={() => change({ mutedItems: draft.mutedItems.filter((muted) => muted !== item) })}
                >
                  Alert me again
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <Button className="mt-6" onClick={submit} disabled={save.isPending}>
        Save alert settings
      </Button>
    </Card>
  );
}

/**
 * Web Push as a channel (decision 0160): turning it on asks the browser's permission and subscribes this device; a
 * browser that cannot (an iPhone before the app is on the Home Screen) says so instead.
 */
function PushChoice({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const offered = useAlertChannels().data?.push !== false;
  const available = offered && pushAvailable();
  // A subscription the push service replaced since the last visit reaches identity again.
  useEffect(() => {
    if (on && available) resendThisDevice(readMemberSession().token ?? '').catch(() => undefined);
  }, [on, available]);
  const choose = async (wanted: boolean) => {
    setProblem(undefined);
    if (!wanted) return onChange(false);
    setBusy(true);
    try {
      await subscribeThisDevice(readMemberSession().token ?? '');
      onChange(true);
    } catch (error) {
      setProblem(error instanceof PushRefusal ? error.message : 'Push notifications could not be turned on. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  const description = available
    ? 'On this device, even when the app is closed.'
    : !offered
      ? 'Push notifications are not available yet.'
      : isAppleMobile()
        ? 'On iPhone, add the app to your Home Screen first, then open it from there to turn these on.'
        : 'This browser cannot show push notifications.';
  return (
    <div>
      <Checkbox
        label="Push notifications"
        description={description}
        checked={on}
        disabled={busy || (!available && !on)}
        onChange={(e) => void choose(e.target.checked)}
      />
      {problem && (
        <p role="alert" className="mt-1 ml-8 text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}

/** The app on the Home Screen: the browser's install offer where it makes one, else how to add it by hand. */
function InstallApp() {
  const offer = useInstallOffer();
  if (runsInstalled()) return null;
  const how = offer.available
    ? 'Install the app to hear about drops like any other app on your phone or computer.'
    : isAppleMobile()
      ? "On iPhone, tap Share, then 'Add to Home Screen', and open the app from your Home Screen to get push notifications."
      : "To keep the app one tap away, install it from your browser's menu (Install app or Add to Home Screen).";
  return (
    <section aria-labelledby="install-app-title" className="mt-4 rounded-xl bg-brand-50 p-3">
      <h3 id="install-app-title" className="text-sm font-bold text-ink-800">
        Get the app
      </h3>
      <p className="mt-1 text-sm text-ink-700">{how}</p>
      {offer.available && (
        <Button className="mt-2" variant="secondary" size="sm" onClick={() => void offer.install()}>
          Install the app
        </Button>
      )}
    </section>
  );
}

/**
 * WhatsApp as a channel (decision 0160), where the business has it set up: ticking it is the member's opt-in to the
 * words shown, which identity records with the time and their number when the settings are saved.
 */
function WhatsAppChoice({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const offered = useAlertChannels().data;
  if (!offered?.whatsapp && !on) return null;
  const reachable = offered?.whatsappNumber ?? false;
  return (
    <Checkbox
      label="WhatsApp"
      description={reachable ? WHATSAPP_OPT_IN_WORDING : 'Add your Indian mobile number to your profile to get alerts on WhatsApp.'}
      checked={on}
      disabled={!reachable && !on}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}
