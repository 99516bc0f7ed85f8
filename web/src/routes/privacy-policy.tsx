import { createFileRoute } from "@tanstack/react-router";
import { LegalPage, type LegalBlock, type LegalSection } from "../components/LegalPage";

export const Route = createFileRoute("/privacy-policy")({
  component: PrivacyPolicy,
});

const intro: LegalBlock[] = [
  'This Privacy Policy explains how the operator of this Kiln deployment ("we", "us" or "our") collects, uses, shares and protects personal data when you use Kiln, an AI app builder in which you describe an app in plain language and an AI assistant builds it (the "Service").',
  "Kiln is open software that anyone may host. This policy covers the deployment you are using and the operator who runs it; other deployments of Kiln are run by other operators under their own policies.",
  'In this policy, "you" means a person who holds an account on the Service (a "builder"). People who use an app that a builder has made with Kiln are "end users". Section 3 explains how end users\' data is handled.',
];

const sections: LegalSection[] = [
  {
    heading: "Who we are and our role",
    blocks: [
      "For the personal data we collect about builders in order to run the Service, such as account, usage and billing data, we are the controller: we decide why and how that data is processed.",
      "For the personal data that end users enter into apps built with Kiln, the builder who created the app is the controller and we act as a processor on the builder's behalf. We process that data only to host and operate the app, as described in section 3.",
      "You can reach us using the details in section 15.",
    ],
  },
  {
    heading: "Information we collect",
    blocks: [
      "We collect the following information, either because you give it to us or because it is created when you use the Service:",
      {
        list: [
          [
            { strong: "Account data." },
            " When you sign in with Google, Google shares your e-mail address and your name with us, and may also share a profile picture and an account identifier. We never receive your Google password.",
          ],
          [{ strong: "Profile data." }, " Information you add to your profile, such as your phone number, and your settings and preferences."],
          [
            { strong: "API keys and credentials." },
            " API keys we issue to you for programmatic access to the Service, and any keys or credentials for third-party services that you store so that your apps can use integrations.",
          ],
          [
            { strong: "App content." },
            " The apps you create, including their names and descriptions, the generated source code, configuration, data models, and the versions saved as the app changes.",
          ],
          [
            { strong: "Prompts and chat messages." },
            " Everything you write to the AI assistant, the assistant's replies, and the context sent with them, such as error messages or parts of your app.",
          ],
          [{ strong: "Files you upload." }, " Images, documents, data files and other material you upload to the Service or to your apps."],
          [
            { strong: "Usage and credit records." },
            " Your plan and subscription status, the messages you send, the message credits and integration credits you use, the integration requests your apps make, and the dates and amounts involved.",
          ],
          [
            { strong: "Payment data." },
            " Payments are handled by Stripe. We receive limited information from Stripe, such as your billing name and address, the type, last four digits and expiry date of your card, and whether a payment succeeded. We do not receive or store full card numbers.",
          ],
          [{ strong: "End-user data." }, " Data that end users enter into apps you build, which we hold on your behalf (see section 3)."],
          [
            { strong: "Logs and device data." },
            " Your IP address, browser and operating system, the pages and API endpoints you request, timestamps, error reports and security events such as sign-ins.",
          ],
          [{ strong: "Communications." }, " Messages you send to us, such as support requests, abuse reports and feedback."],
        ],
      },
      "We do not ask for special categories of personal data (such as health data or data revealing racial or ethnic origin), and we ask you not to put such data in prompts unless your app genuinely needs it.",
    ],
  },
  {
    heading: "Data held in apps you build",
    blocks: [
      "Apps built with Kiln can collect and store data from their end users, for example sign-ups, form submissions or records that end users create. For that data:",
      {
        list: [
          "The builder is the controller. The builder decides what the app collects, why, and for how long.",
          "We are a processor. We store, back up, secure and serve that data only to host and operate the app on the builder's instructions, which consist of the Terms of Service, the app's configuration and the builder's settings, and we also process it where the law requires us to.",
          "We do not use end-user data for our own purposes, we do not sell it, and we do not use it to train AI models. We may access it only where necessary to provide support the builder asks for, to keep the Service secure, to investigate abuse, or to comply with the law.",
          "We help builders, where reasonable, to respond to requests from their end users and to meet their own legal obligations.",
        ],
      },
      "If you are a builder, you are responsible for having a lawful basis for collecting end users' data, for giving your end users a privacy notice that describes your app, for answering their requests, and for collecting only the data your app needs.",
      "If you are an end user of an app built with Kiln, please contact the builder of that app about your data. If you contact us instead, we will pass your request to the builder where we can identify them.",
    ],
  },
  {
    heading: "Cookies and local storage",
    blocks: [
      "The Service uses browser storage only for what it needs to work:",
      {
        list: [
          "When you sign in, the web app stores your session token in your browser's localStorage so that you stay signed in. Signing out removes it from that browser.",
          "During sign-in, Google and our sign-in provider may set cookies that are strictly necessary to complete the sign-in.",
          "We may store small preferences, such as interface settings, in your browser.",
        ],
      },
      "We do not use advertising cookies or cross-site tracking. If we ever add optional analytics, we will ask for your consent where the law requires it and update this policy first.",
      "Apps you publish may use their own cookies or storage; the builder of the app decides what they are and must tell end users about them where the law requires.",
    ],
  },
  {
    heading: "How we use your information",
    blocks: [
      "We use the information described above to:",
      {
        list: [
          "create your account, sign you in and keep your session secure;",
          "build, store, host and publish your apps and run the AI assistant, including sending your prompts to AI model providers (see section 7);",
          "measure usage, apply the limits and credits of your plan, and show you your usage;",
          "take payments, issue invoices and manage your subscription;",
          "answer your questions and send you service messages, such as receipts, security alerts and notices about changes to the Service or its terms;",
          "detect, prevent and investigate fraud, abuse, security incidents and breaches of the Terms of Service or the Responsible Use Policy;",
          "keep the Service working and improve it, for example by diagnosing errors and looking at aggregate, de-identified measures of performance and usage;",
          "comply with our legal obligations and enforce our rights.",
        ],
      },
      "We send marketing messages only where the law allows it, and every such message lets you opt out.",
      "We do not sell your personal data, and we do not use your prompts, app content or uploaded files to train AI models.",
    ],
  },
  {
    heading: "Legal bases for processing",
    blocks: [
      "Where data protection laws such as the EU or UK General Data Protection Regulation apply, we rely on the following legal bases:",
      {
        list: [
          [{ strong: "Contract:" }, " to provide the Service you signed up for, including your account, apps, the AI assistant and billing."],
          [
            { strong: "Legitimate interests:" },
            " to keep the Service secure, prevent abuse and fraud, and understand and improve how the Service works, where those interests are not overridden by your rights.",
          ],
          [
            { strong: "Consent:" },
            " for optional marketing and any optional cookies or analytics. You can withdraw consent at any time without affecting earlier processing.",
          ],
          [{ strong: "Legal obligation:" }, " to keep tax and accounting records and to respond to lawful requests from authorities."],
        ],
      },
    ],
  },
  {
    heading: "AI model providers",
    blocks: [
      "Kiln builds apps with the help of large language models. To answer a message, the Service sends your prompt, earlier messages in the conversation, the relevant parts of your app's code and content, and any files or screenshots you attach to the AI model provider configured for this deployment. The provider generates a response, which we return to you and save with your app.",
      "AI model providers act as our sub-processors. We use them under terms that limit their use of the data to providing their service to us. Where a provider offers the choice, we use settings under which data sent through its API is not used to train its models. A provider may keep data for a limited period under its own terms, for example to monitor for abuse.",
      "If your app calls AI models or other integrations while serving its end users, the data the app sends goes to those providers as part of the processing you instruct.",
      "Please do not put passwords, secret keys or sensitive personal data in prompts unless your app genuinely needs them.",
    ],
  },
  {
    heading: "How we share information",
    blocks: [
      "We share personal data only as follows:",
      {
        list: [
          [
            { strong: "Stripe," },
            " which processes payments, subscriptions and invoices for us. Stripe also processes some data as an independent controller, for example to prevent fraud and meet its legal obligations, under its own privacy policy.",
          ],
          [{ strong: "AI model providers," }, " as described in section 7."],
          [
            { strong: "Infrastructure and service providers" },
            " that host and operate the Service for us, such as cloud hosting, databases, file storage, e-mail delivery, sign-in and error monitoring. They act as our processors and may use the data only on our instructions.",
          ],
          [
            { strong: "Integrations you enable." },
            " When you or your app use an integration, we send the data needed for that request to the third party that provides it.",
          ],
          [
            { strong: "The public, when you publish." },
            " Apps and content you publish can be seen by anyone who has access to them under your app's settings.",
          ],
          [
            { strong: "Authorities and others where the law requires," },
            " or where it is necessary to protect the rights, property or safety of our users, the public or us.",
          ],
          [
            { strong: "A successor," },
            " if the Service or the business operating it is merged, acquired or sold. We will tell you before your data becomes subject to a different privacy policy.",
          ],
          [{ strong: "Anyone else, with your consent" }, " or at your direction."],
        ],
      },
      "We will give you a list of our current sub-processors on request.",
    ],
  },
  {
    heading: "How long we keep information",
    blocks: [
      "We keep personal data only for as long as we need it for the purposes in this policy:",
      {
        list: [
          "Account, profile and usage data are kept while your account is open.",
          "Apps, prompts, chat messages and uploaded files are kept while the app they belong to exists. If you delete an app, we delete its content, including its conversation history and the end-user data it holds.",
          "When your account is closed or terminated, you may ask us to return your data within 15 days, as described in the Terms of Service. After that period we delete or anonymise your account data, apps, prompts, files and the end-user data held in your apps from our live systems. Copies in backups are deleted as the backups are replaced, normally within 90 days.",
          "Billing records and invoices are kept for as long as tax and accounting laws require, which is often between six and ten years.",
          "Server logs are normally kept for up to 90 days, unless we need them for longer to investigate a security incident or abuse.",
          "Information about breaches of our policies, and data we must keep because of a legal claim or a request from an authority, is kept for as long as that purpose requires.",
        ],
      },
    ],
  },
  {
    heading: "Security",
    blocks: [
      "We use technical and organisational measures designed to protect personal data, including encryption in transit, access controls based on least privilege, protected storage of API keys and credentials, backups and monitoring for suspicious activity.",
      "No service is perfectly secure. If a personal data breach affects you, we will notify you, and any authority, as the law requires. If a breach affects end-user data held in your apps, we will tell you without undue delay so that you can meet your own obligations.",
      "You can help by keeping your Google account secure, keeping your API keys secret and revoking any key you believe has been exposed.",
    ],
  },
  {
    heading: "Your rights",
    blocks: [
      "Depending on where you live, you may have the right to:",
      {
        list: [
          [{ strong: "Access" }, " the personal data we hold about you and receive a copy of it."],
          [{ strong: "Correct" }, " data that is inaccurate or incomplete."],
          [{ strong: "Delete" }, " your data, subject to what we must keep by law."],
          [{ strong: "Export" }, " your data, including your apps and their code, in a structured, commonly used, machine-readable format."],
          [{ strong: "Object to or restrict" }, " some processing, including processing based on our legitimate interests."],
          [{ strong: "Withdraw consent" }, " at any time where we rely on it."],
          [{ strong: "Complain" }, " to your data protection authority."],
        ],
      },
      "You can do many of these things yourself in the Service, for example by editing your profile, exporting or deleting apps, and revoking API keys. For anything else, contact us using the details in section 15. We may need to verify your identity before acting on a request. We respond within one month, or sooner where the law requires, and we do not charge for requests unless they are manifestly unfounded or excessive.",
      "We do not sell personal data or share it for cross-context behavioural advertising, and we will not treat you differently for exercising your privacy rights.",
    ],
  },
  {
    heading: "Children",
    blocks: [
      "The Service is not intended for children under 13, and we do not knowingly collect personal data from them. You must be at least 13 years old to use the Service, and older if the law of your country sets a higher age for consenting to online services without a parent's permission.",
      "If we learn that we have collected personal data from a child under 13, we will delete it and close the account. If you believe this has happened, please contact us.",
      "Builders who make apps aimed at children are responsible for complying with the laws that protect children's data, such as the Children's Online Privacy Protection Act (COPPA) in the United States.",
    ],
  },
  {
    heading: "International transfers",
    blocks: [
      "We and our providers, including AI model providers and Stripe, may process personal data in countries other than yours, including the United States, where data protection laws may differ from those where you live.",
      "When we transfer personal data out of the European Economic Area, the United Kingdom or Switzerland, we rely on an adequacy decision or use appropriate safeguards, such as the European Commission's Standard Contractual Clauses and the UK addendum to them. You can ask us for a copy of the safeguards we use.",
    ],
  },
  {
    heading: "Changes to this policy",
    blocks: [
      'We may update this policy as the Service or the law changes. We will post the new version on this page and change the "Last updated" date. If a change is material, we will tell you by e-mail or in the Service before it takes effect.',
    ],
  },
  {
    heading: "Contact us",
    blocks: [
      "If you have a question about this policy or want to exercise your rights, contact the operator of this Kiln deployment using the contact details published with this deployment, or reply to any service e-mail we have sent you.",
      [
        "See also our ",
        { text: "Terms of Service", href: "/terms-of-service" },
        " and ",
        { text: "Responsible Use Policy", href: "/responsible-use-policy" },
        ".",
      ],
    ],
  },
];

function PrivacyPolicy() {
  return <LegalPage title="Privacy Policy" lastUpdated="22 November 2026" intro={intro} sections={sections} />;
}
