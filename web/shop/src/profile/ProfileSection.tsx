import type { Profile } from '@elts/contracts';
import { Card, formatDate, formatIndianMobile } from '@elts/ui';
import { DetailList } from './DetailList.js';
import { InlineShippingForm } from './InlineShippingForm.js';
import { formatMemberNumber } from './member-number.js';
import { PROFESSION_LABELS } from './professions.js';

const GENDER_LABELS = { male: 'Male', female: 'Female', others: 'Others' } as const;

/** The Profile section: the profile details card, the shipping details card, and the inline form while no pincode is saved. */
export function ProfileSection({ profile }: { profile: Profile }) {
  const name = [profile.firstname, profile.lastname].filter(Boolean).join(' ');
  return (
    <div className="grid gap-6">
      <Card as="section" aria-labelledby="profile-details-title">
        <h2 id="profile-details-title" className="text-lg font-bold text-ink-950">
          Profile details
        </h2>
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
      </Card>
      <Card as="section" aria-labelledby="shipping-details-title">
        <h2 id="shipping-details-title" className="text-lg font-bold text-ink-950">
          Shipping details
        </h2>
        <DetailList
          rows={[
            ['Shipping address', profile.address ?? ''],
            ['Billing address', profile.professionAddress ?? ''],
            ['Pin code', profile.pincode ? String(profile.pincode) : ''],
          ]}
        />
        {profile.pincode === null && <InlineShippingForm address={profile.address ?? ''} />}
      </Card>
    </div>
  );
}
