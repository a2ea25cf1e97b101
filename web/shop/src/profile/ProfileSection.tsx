import { COPY, type Profile } from '@elts/contracts';
import { Button, Card, formatDate, formatIndianMobile } from '@elts/ui';
import { useState } from 'react';
import { usePincodeServiceability } from '../api/pincode.js';
import { DeliveryAreaNotice } from './DeliveryAreaNotice.js';
import { DetailList } from './DetailList.js';
import { InlineShippingForm } from './InlineShippingForm.js';
import { formatMemberNumber } from './member-number.js';
import { PersonalDetailsForm } from './PersonalDetailsForm.js';
import { GENDER_LABELS } from './personal-fields.js';
import { PROFESSION_LABELS } from './professions.js';
import { ShippingDetailsForm } from './ShippingDetailsForm.js';

/** The Profile section: the profile details card and the shipping details card. */
export function ProfileSection({ profile }: { profile: Profile }) {
  const name = [profile.firstname, profile.lastname].filter(Boolean).join(' ');
  const [editing, setEditing] = useState(false);
  return (
    <div className="grid gap-6">
      <Card as="section" aria-labelledby="profile-details-title">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="profile-details-title" className="text-lg font-bold text-ink-950">
            Profile details
          </h2>
          {!editing && (
            <Button variant="secondary" aria-label="Edit profile details" onClick={() => setEditing(true)}>
              EDIT
            </Button>
          )}
        </div>
        {editing ? (
          <PersonalDetailsForm profile={profile} onDone={() => setEditing(false)} />
        ) : (
          <DetailList
            rows={[
              ['Name', name],
              ['Email', profile.email],
              ['Mobile', profile.mobile ? formatIndianMobile(profile.mobile) : ''],
              ['Gender', profile.gender ? GENDER_LABELS[profile.gender] : ''],
              ['Birthday', profile.dob ? formatDate(profile.dob) : ''],
              ['Profession', profile.profession ? PROFESSION_LABELS[profile.profession] : ''],
              ['Member number', formatMemberNumber(profile.member_number)],
            ]}
          />
        )}
        {profile.pendingEmail && <p className="mt-4 text-sm text-ink-600">{COPY.emailChange.linkSent(profile.pendingEmail)}</p>}
        {profile.pendingMobile && <p className="mt-4 text-sm text-ink-600">{COPY.mobileChange.linkSent(profile.pendingMobile)}</p>}
      </Card>
      <ShippingDetailsCard profile={profile} />
    </div>
  );
}

/**
 * The shipping details card. Without a pincode it carries the spec's inline form (address and pincode); with one,
 * EDIT opens the address, city, state and pin code at any time, so a member who moves, or whose pincode deliveries
 * have not reached, is never stuck with it (docs/decisions/0116). Such a member is told so here, and may ask to be
 * told when deliveries reach them.
 */
function ShippingDetailsCard({ profile }: { profile: Profile }) {
  const [editing, setEditing] = useState(false);
  const { serviceability } = usePincodeServiceability(profile.pincode ? String(profile.pincode) : '');
  const pincode = profile.pincode;
  return (
    <Card as="section" aria-labelledby="shipping-details-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="shipping-details-title" className="text-lg font-bold text-ink-950">
          Shipping details
        </h2>
        {pincode !== null && !editing && (
          <Button variant="secondary" aria-label="Edit shipping details" onClick={() => setEditing(true)}>
            EDIT
          </Button>
        )}
      </div>
      {editing ? (
        <ShippingDetailsForm profile={profile} onDone={() => setEditing(false)} />
      ) : (
        <DetailList
          rows={[
            ['Shipping address', profile.address ?? ''],
            ['City', profile.city ?? ''],
            ['State', profile.state ?? ''],
            ['Pin code', pincode ? String(pincode) : ''],
            ['Billing address', profile.professionAddress ?? ''],
          ]}
        />
      )}
      {pincode !== null && !editing && serviceability === 'not serviceable' && <DeliveryAreaNotice profile={{ ...profile, pincode }} />}
      {pincode === null && <InlineShippingForm address={profile.address ?? ''} />}
    </Card>
  );
}
