import { secureHeaders } from 'hono/secure-headers';

/**
 * Headers on every answer. The web apps load only their own scripts and styles (no inline scripts); framing is
 * refused everywhere; HSTS only in production, where the origin is HTTPS.
 */
export interface ThirdParties {
  /** Google Identity Services: its script, its sign-in frame and popups. */
  googleSignIn: boolean;
  /** Cashfree's checkout script and its frames (sandbox or production). */
  cashfreeCheckout: boolean;
}

const GOOGLE = {
  script: ['https://accounts.google.com/gsi/client'],
  frame: ['https://accounts.google.com/gsi/'],
  connect: ['https://accounts.google.com/gsi/'],
};
const CASHFREE = {
  script: ['https://sdk.cashfree.com'],
  frame: [
    'https://sdk.cashfree.com',
    'https://api.cashfree.com',
    'https://sandbox.cashfree.com',
    'https://payments.cashfree.com',
    'https://payments-test.cashfree.com',
  ],
  connect: ['https://api.cashfree.com', 'https://sandbox.cashfree.com'],
  form: ['https://api.cashfree.com', 'https://sandbox.cashfree.com', 'https://payments.cashfree.com', 'https://payments-test.cashfree.com'],
};

export function securityHeaders(production: boolean, thirdParties: ThirdParties = { googleSignIn: false, cashfreeCheckout: false }) {
  const google = thirdParties.googleSignIn ? GOOGLE : { script: [], frame: [], connect: [] };
  const cashfree = thirdParties.cashfreeCheckout ? CASHFREE : { script: [], frame: [], connect: [], form: [] };
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...google.script, ...cashfree.script],
      styleSrc: ["'self'", ...(thirdParties.googleSignIn ? ['https://accounts.google.com/gsi/style'] : [])],
      styleSrcAttr: ["'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...google.connect, ...cashfree.connect],
      frameSrc: [...(google.frame.length + cashfree.frame.length > 0 ? [...google.frame, ...cashfree.frame] : ["'none'"])],
      formAction: ["'self'", ...cashfree.form],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
    },
    strictTransportSecurity: production ? 'max-age=31536000; includeSubDomains' : false,
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
    crossOriginEmbedderPolicy: false,
    removePoweredBy: true,
  });
}
