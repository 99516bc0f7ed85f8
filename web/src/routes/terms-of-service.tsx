import { createFileRoute } from "@tanstack/react-router";
import { LegalPage, type LegalBlock, type LegalSection } from "../components/LegalPage";

export const Route = createFileRoute("/terms-of-service")({
  component: TermsOfService,
});

const intro: LegalBlock[] = [
  'These Terms of Service (the "Terms") are an agreement between you and the operator of this Kiln deployment ("we", "us" or "our"). They govern your use of Kiln, an AI app builder in which you describe an app in plain language and an AI assistant builds it, together with the websites, APIs and hosting that come with it (the "Service").',
  [
    "By creating an account or using the Service, you agree to these Terms, to our ",
    { text: "Responsible Use Policy", href: "/responsible-use-policy" },
    ", and you acknowledge our ",
    { text: "Privacy Policy", href: "/privacy-policy" },
    ". If you do not agree, do not use the Service.",
  ],
  "Kiln is open software that anyone may host. These Terms cover this deployment only. The Kiln source code itself is made available under its own open-source licence, which these Terms do not change.",
];

const sections: LegalSection[] = [
  {
    heading: "Who may use the Service",
    blocks: [
      "You must be at least 13 years old to use the Service. If you are under the age of majority where you live, you may use the Service only with the consent of a parent or legal guardian, who agrees to these Terms on your behalf and is responsible for your use of the Service.",
      "You may not use the Service if you are barred from doing so under the laws that apply to you, or if we have previously terminated your account for breaching these Terms.",
      'If you use the Service on behalf of a company or other organisation, you confirm that you have authority to bind it to these Terms, and "you" includes that organisation.',
    ],
  },
  {
    heading: "Your account",
    blocks: [
      "You sign in to the Service with a Google account. You must give us accurate information and keep it up to date.",
      "You are responsible for everything that happens under your account, including activity that uses your API keys. Keep your sign-in and your API keys secure, do not share them, and tell us promptly if you believe someone has used your account without permission.",
    ],
  },
  {
    heading: "Plans and credits",
    blocks: [
      "The Service is offered in plans ranging from Free to Enterprise. The features, prices and credit allowances of each plan are shown in the Service when you choose or change a plan, and form part of these Terms.",
      "Use of the Service is measured in credits:",
      {
        list: [
          [{ strong: "Message credits" }, " are used when you send messages to the AI assistant to build or change your apps."],
          [{ strong: "Integration credits" }, " are used when your apps call integrations. Each request to an integration costs 1 credit."],
        ],
      },
      "The Free plan includes 7 messages per day, up to 25 messages per month, and 500 integration credits.",
      "Credit allowances are renewed at the start of each billing cycle, or for daily limits at the start of each day. Unless your plan states otherwise, unused credits do not carry over. Credits have no cash value and cannot be transferred, sold or exchanged. When you run out of credits, the related features pause until your allowance renews or you change your plan.",
      "We may change the plans we offer, including their features, prices and credit allowances. A change to a paid plan that you already have applies from your next renewal, and we will give you notice as described in section 4.",
    ],
  },
  {
    heading: "Payment, renewal and cancellation",
    blocks: [
      {
        list: [
          [
            { strong: "Payment." },
            " Paid plans are billed in advance for each billing cycle through our payment processor, Stripe. You authorise us, through Stripe, to charge your payment method for all fees due. Prices do not include taxes unless stated, and you are responsible for any applicable taxes.",
          ],
          [
            { strong: "Automatic renewal." },
            " Subscriptions renew automatically for the same billing period unless cancelled at least 30 days before renewal. If you cancel, your plan stays active until the end of the paid period and is not renewed after it.",
          ],
          [
            { strong: "Upgrades" },
            " take effect immediately. We charge a prorated amount for the rest of the current billing cycle, and the new plan's allowances are available straight away.",
          ],
          [
            { strong: "Downgrades" },
            " take effect at the end of the current billing cycle. Until then you keep your current plan. Before a downgrade takes effect, make sure your use fits the limits of the new plan.",
          ],
          [
            { strong: "Late payment." },
            " Amounts not paid when due bear interest of 1.5 percent per month, or the maximum rate allowed by law if that is lower, from the due date until paid. If an amount remains unpaid after we have notified you, we may suspend paid features until it is paid.",
          ],
          [
            { strong: "Price changes." },
            " We will tell you at least 30 days before a price change takes effect for your subscription. The new price applies from your next renewal after that notice, and you may cancel before it applies.",
          ],
          [
            { strong: "Refunds." },
            " Except where these Terms say otherwise or the law requires, fees are non-refundable, including for partly used billing cycles and unused credits.",
          ],
          [
            { strong: "Billing questions." },
            " If you think you have been charged incorrectly, contact us within 60 days of the charge so that we can look into it.",
          ],
        ],
      },
      "Nothing in these Terms limits any rights you have as a consumer under mandatory law, such as a statutory right to withdraw from a purchase.",
    ],
  },
  {
    heading: "Acceptable use",
    blocks: [
      [
        "You must use the Service lawfully and in line with our ",
        { text: "Responsible Use Policy", href: "/responsible-use-policy" },
        ", which forms part of these Terms. It applies to your prompts, your content and every app you build or publish.",
      ],
      "In particular, you must not:",
      {
        list: [
          "break, probe or circumvent the security of the Service, or access other users' accounts, apps or data;",
          "get around the limits, plans or credits of the Service, for example by opening several accounts to obtain extra free credits;",
          "access the Service by automated means other than the APIs and keys we provide;",
          "resell or sublicense access to the Service without our written agreement;",
          "use the Service in a way that overloads it or degrades it for others.",
        ],
      },
    ],
  },
  {
    heading: "Your content and ownership",
    blocks: [
      'You own your apps and the code generated for them, and you keep all rights in your prompts, the files you upload and the other content you provide ("Your Content"). We do not claim ownership of Your Content or of the code generated for you.',
      "You may export your apps and their generated code at any time while your account is active, using the export features of the Service, and use them wherever you like, including outside Kiln.",
      "You grant us a worldwide, non-exclusive, royalty-free licence to host, store, copy, process, transmit and display Your Content, including sending it to AI model providers and to the integrations you use, only as needed to provide, secure and support the Service. For apps you publish, this licence includes serving them to their end users. The licence ends when Your Content is deleted from the Service, except for copies we must keep by law or that remain in backups until they are replaced.",
      "You are responsible for Your Content, and you confirm that you have all the rights needed to provide it and to let us use it as described in these Terms.",
      "The Service, our names and logos, and any content we provide remain ours or our licensors'. If you send us feedback or suggestions, we may use them without any obligation to you.",
    ],
  },
  {
    heading: "AI-generated output",
    blocks: [
      "The Service uses AI models to generate code, text and other output. AI output can be wrong, incomplete, insecure, out of date or biased, and similar output may be generated for other users. Your ownership of your output does not extend to similar output generated independently for others.",
      "You are responsible for reviewing, testing and securing any output before you rely on it, publish it or let others use it. AI output is not professional advice, whether legal, medical, financial or otherwise, and must not be treated as such.",
    ],
  },
  {
    heading: "Published apps and your end users",
    blocks: [
      "When you publish an app, you are the provider of that app to its end users, and you are responsible for it. In particular, you are responsible for:",
      {
        list: [
          "the app's content and behaviour, including content that end users submit to it;",
          "complying with the laws that apply to the app, such as privacy, consumer protection and accessibility laws;",
          "giving end users your own terms and privacy notice where needed, and answering their questions and requests;",
          "protecting end users' data, for example by setting appropriate access controls in your app.",
        ],
      },
      [
        "For the personal data your end users enter into your app, you are the controller and we act as your processor, processing that data on your instructions as described in our ",
        { text: "Privacy Policy", href: "/privacy-policy" },
        ". You must have a lawful basis for collecting it.",
      ],
      "End users do not enter into any agreement with us by using your app. You must not present your app as made, endorsed or guaranteed by us.",
      "We may disable or remove a published app that breaches these Terms or the Responsible Use Policy, or that is the subject of a valid legal complaint.",
    ],
  },
  {
    heading: "Third-party services",
    blocks: [
      "The Service relies on, and lets you connect to, services run by others, such as Google sign-in, Stripe, AI model providers and the integrations you enable. Your use of those services is also governed by their own terms. We are not responsible for third-party services, and we may change the providers we use.",
    ],
  },
  {
    heading: "Changes to the Service",
    blocks: [
      "We continually improve the Service and may add, change or remove features. Some features may be marked as beta or experimental; they may change or stop working at any time. If we remove a major paid feature, we will give you reasonable notice.",
      "We aim to keep the Service available but do not promise any particular level of availability unless we have agreed one with you in writing, for example in an Enterprise agreement. The Service may be unavailable during maintenance or for reasons outside our control.",
    ],
  },
  {
    heading: "Suspension and termination",
    blocks: [
      "You may stop using the Service at any time and close your account. Paid subscriptions are cancelled as described in section 4.",
      "We may suspend or terminate your access to all or part of the Service, including specific apps, if you materially breach these Terms or the Responsible Use Policy, if you fail to pay amounts due, if your use creates a risk of harm, a security risk or legal liability for us or others, or if the law requires it. We will tell you in advance and give you a chance to fix the problem where that is reasonable, but we may act immediately in serious cases.",
      "When your account ends, your access to the Service stops and your published apps go offline. You may request return of your data within 15 days after termination, and we will provide your apps, their generated code and your other content in a commonly used format, unless the law prevents us or the data itself is unlawful. After that period we may delete your data, as described in our Privacy Policy, and we have no obligation to keep it.",
      "If we terminate your account without cause, we will refund any prepaid fees for the unused part of your billing period. Fees that are due remain payable on termination. Sections that by their nature should survive termination, including those on ownership, disclaimers, limitation of liability, indemnity and governing law, survive it.",
    ],
  },
  {
    heading: "Disclaimer of warranties",
    blocks: [
      'To the fullest extent permitted by law, the Service and all output are provided "as is" and "as available", without warranties of any kind, whether express, implied or statutory, including any implied warranties of merchantability, fitness for a particular purpose, accuracy and non-infringement.',
      "We do not warrant that the Service will be uninterrupted, secure or error-free, that AI output will be correct or fit for your purpose, or that data will never be lost. Keep your own copies of anything important, for example by exporting your apps.",
      "Some jurisdictions do not allow certain warranties to be excluded. Where that is the case, those warranties are limited to the shortest period the law allows, and your statutory rights as a consumer are not affected.",
    ],
  },
  {
    heading: "Limitation of liability",
    blocks: [
      "To the fullest extent permitted by law, we are not liable for any indirect, incidental, special, consequential or punitive damages, or for any loss of profits, revenue, business, goodwill or data, arising out of or relating to the Service or these Terms, even if we were told they were possible.",
      "To the fullest extent permitted by law, our total liability arising out of or relating to the Service or these Terms is limited to the greater of the amount you paid us for the Service in the 12 months before the event giving rise to the claim, and one hundred US dollars (USD 100) or its equivalent in your local currency.",
      "These limits do not apply to liability that cannot be limited or excluded by law, such as liability for fraud, for gross negligence or wilful misconduct, or for death or personal injury caused by negligence.",
    ],
  },
  {
    heading: "Indemnity",
    blocks: [
      "To the extent permitted by law, you will defend, indemnify and hold harmless us and our staff against any claims, losses, damages and costs, including reasonable legal fees, arising out of Your Content, your apps and their use by end users, your breach of these Terms or the Responsible Use Policy, or your violation of any law or of anyone else's rights.",
      "We will tell you promptly about any claim, let you control its defence and cooperate reasonably with you. You may not settle a claim in a way that imposes an obligation or admission on us without our written consent.",
    ],
  },
  {
    heading: "Governing law and disputes",
    blocks: [
      "These Terms are governed by the laws of the place where the operator of this Kiln deployment is established, without regard to its conflict-of-laws rules. The United Nations Convention on Contracts for the International Sale of Goods does not apply.",
      "Before starting formal proceedings, please contact us so that we can try to resolve the dispute informally. If we cannot resolve it within 60 days, the courts of the operator's place of establishment have exclusive jurisdiction.",
      "If you are a consumer, you keep the protection of the mandatory laws of the country where you live, and you may also bring proceedings in the courts of that country.",
    ],
  },
  {
    heading: "Changes to these Terms",
    blocks: [
      'We may update these Terms. We will post the new version on this page and change the "Last updated" date. If a change is material, we will tell you by e-mail or in the Service at least 30 days before it takes effect, unless the change is required by law or relates only to new features, in which case it may take effect sooner.',
      "If you continue to use the Service after a change takes effect, you accept the updated Terms. If you do not agree, stop using the Service and cancel your subscription before the change takes effect.",
    ],
  },
  {
    heading: "General",
    blocks: [
      {
        list: [
          [
            { strong: "Entire agreement." },
            " These Terms, together with the Responsible Use Policy and any order form or written agreement for your plan, are the whole agreement between you and us about the Service. If a signed Enterprise agreement conflicts with these Terms, the Enterprise agreement prevails.",
          ],
          [
            { strong: "Assignment." },
            " You may not transfer these Terms without our written consent. We may transfer them to a successor to the Service, and we will tell you if we do.",
          ],
          [
            { strong: "Severability and waiver." },
            " If a provision is found unenforceable, the rest remain in force. If we do not enforce a provision, we do not waive our right to do so later.",
          ],
          [{ strong: "Events outside our control." }, " We are not responsible for delays or failures caused by events beyond our reasonable control."],
          [
            { strong: "Notices." },
            " We may send notices to the e-mail address on your account or show them in the Service. You may send notices to us using the contact details in section 18.",
          ],
          [
            { strong: "No third-party beneficiaries." },
            " These Terms do not give rights to anyone other than you and us, including the end users of your apps.",
          ],
        ],
      },
    ],
  },
  {
    heading: "Contact us",
    blocks: [
      "If you have questions about these Terms, contact the operator of this Kiln deployment using the contact details published with this deployment, or reply to any service e-mail we have sent you.",
    ],
  },
];

function TermsOfService() {
  return <LegalPage title="Terms of Service" lastUpdated="22 November 2026" intro={intro} sections={sections} />;
}
