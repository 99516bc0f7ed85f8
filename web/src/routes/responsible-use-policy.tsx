import { createFileRoute } from "@tanstack/react-router";
import { LegalPage, type LegalBlock, type LegalSection } from "../components/LegalPage";

export const Route = createFileRoute("/responsible-use-policy")({
  component: ResponsibleUsePolicy,
});

const intro: LegalBlock[] = [
  "Kiln lets anyone describe an app in plain language and have an AI assistant build and publish it. That power comes with responsibility, both for the people who build apps and for the people who use them.",
  [
    'This Responsible Use Policy (the "Policy") sets out what you may not do with the Service run by the operator of this Kiln deployment ("we", "us" or "our"). It applies to your prompts, the content you upload, the apps you build and publish, and the way those apps treat their end users. It forms part of our ',
    { text: "Terms of Service", href: "/terms-of-service" },
    ", and words defined there have the same meaning here.",
  ],
  "We apply this Policy according to its purpose, not only its wording: if something is clearly meant to cause the kind of harm described below, it is not allowed even if it is not listed.",
];

/** Exactly twenty items, each "Label: description" (a test counts them). */
const prohibitedUses: string[] = [
  "Illegal content and activity: creating, storing or distributing content, or carrying out activity, that is illegal where you, we or your app's users are, or promoting or facilitating illegal activity such as the sale of illegal drugs or stolen goods.",
  "Child sexual abuse and exploitation: creating, requesting, storing or distributing child sexual abuse material, or any content that sexualises, grooms or exploits minors. We report such material to the relevant authorities.",
  "Harassment and hate: harassing, bullying, threatening, intimidating or doxxing anyone, or inciting hatred or violence against people because of characteristics such as race, ethnicity, national origin, religion, disability, sex, gender identity, sexual orientation or age.",
  "Violent extremism: promoting, supporting, recruiting for or glorifying terrorism, violent extremism, or groups or individuals that commit mass violence.",
  "Malware: creating, distributing or hosting malware, ransomware, spyware, botnets, cryptominers that run without consent, or any code designed to damage or disrupt systems or to gain unauthorised access to them or to data.",
  "Phishing and credential harvesting: building apps or pages that trick people into revealing passwords, one-time codes, payment details or other credentials, especially apps that impersonate the login page, branding or interface of another service such as a bank, an e-mail provider or a social network.",
  "Spam: sending unsolicited bulk messages by e-mail, SMS, chat or push notification, or building apps whose purpose is to do so, including generating fake reviews, fake accounts or artificial engagement.",
  "Fraud and scams: committing or facilitating fraud, including fake shops, fake invoices, investment or cryptocurrency schemes, advance-fee or romance scams, pyramid schemes, and apps that misrepresent what they do or what they charge.",
  "Deceptive impersonation: impersonating a person, company or organisation, or falsely claiming an affiliation, in a way that deceives or is likely to deceive, including presenting your app as made or endorsed by us or by anyone else when it is not. Clearly labelled parody and commentary are allowed.",
  "Unauthorised data collection: scraping or harvesting personal data without authorisation and a lawful basis, collecting more personal data from end users than your app needs, or collecting sensitive data such as health, biometric, financial or precise location data without clear notice and any consent the law requires.",
  "Surveillance and stalking: tracking, monitoring or profiling people without their knowledge and consent, including stalkerware, covert location tracking, and tools that compile information about individuals in order to locate, follow or intimidate them.",
  "Intellectual property infringement: infringing or misappropriating the copyrights, trademarks, trade secrets or other rights of others, including using code, text, images or music you have no right to use, or removing licence and copyright notices.",
  "Circumventing security and limits: probing, breaking or bypassing the security of Kiln or of any other system, accessing other users' apps or data, or evading the platform's limits, plans or credits, for example by opening several accounts to obtain extra free credits, tampering with usage metering, or sharing API keys.",
  "High-risk automated decisions: building apps that make automated decisions with legal or similarly significant effects on people, such as decisions on credit, lending, insurance, employment, housing, education or access to essential services, without meaningful human review, a way for affected people to contest the decision, and compliance with the laws that apply.",
  "Unqualified professional advice: presenting medical, legal, financial or other regulated advice as if it came from a licensed professional, or without a clear disclaimer that it is automated and no substitute for professional advice, or offering diagnosis or treatment where the law requires approval you do not have.",
  "Election manipulation and disinformation: interfering with elections or civic processes, including false information about when, where or how to vote, voter suppression, impersonating candidates or election officials, and coordinated inauthentic campaigns or disinformation likely to cause real-world harm.",
  "Weapons: helping to develop, produce, acquire or use weapons, including firearms, explosives and chemical, biological, radiological or nuclear weapons, or facilitating the unlawful sale of weapons, their parts or ammunition.",
  "Unlawful gambling: offering or operating gambling, betting, lotteries or other games of chance for money where this is unlawful, or without the licences required in each place where your app is offered.",
  'Non-consensual intimate imagery: creating, sharing or threatening to share intimate or sexually explicit images of real people without their consent, including sexual deepfakes and digitally "undressed" images.',
  "Reselling or overloading the Service: reselling, sublicensing or offering access to the Service as your own product without our written agreement, or overloading it, for example through denial-of-service attacks, automated bulk generation or excessive requests, in a way that degrades the Service for others.",
];

const sections: LegalSection[] = [
  {
    heading: "Prohibited uses",
    blocks: [
      "You must not use Kiln, and must not build, publish or operate an app with Kiln, for any of the following:",
      {
        list: prohibitedUses.map((item) => {
          const at = item.indexOf(": ");
          return [{ strong: `${item.slice(0, at)}:` }, ` ${item.slice(at + 2)}`];
        }),
        ordered: true,
        testId: "prohibited-uses",
      },
    ],
  },
  {
    heading: "Your responsibilities as a builder",
    blocks: [
      "You are responsible for the apps you publish, including content that their end users submit. In particular, you should:",
      {
        list: [
          "review and test what the AI assistant produces before you publish it;",
          "moderate content that end users can post in your app, and remove content that breaks this Policy when you become aware of it;",
          "tell end users who runs the app and how to contact you, and give them a privacy notice if the app collects personal data;",
          "keep secrets such as API keys out of code and content that others can see.",
        ],
      },
    ],
  },
  {
    heading: "Reporting abuse",
    blocks: [
      "If you find an app built with Kiln, or other content on the Service, that you believe breaks this Policy, please report it to the operator of this Kiln deployment using the contact details published with this deployment. Helpful reports include:",
      {
        list: [
          "the address of the app or content;",
          "a short description of the problem and why you believe it breaks this Policy;",
          "any evidence, such as screenshots, dates and times;",
          "how we can contact you, if you would like to hear back (you may report anonymously).",
        ],
      },
      "Do not send us copies of child sexual abuse material, even to report it. Send only the address where you found it, and report it to your national hotline or law enforcement as well.",
      "If you believe content infringes your intellectual property, include details of the work, where the infringing material appears, your contact details, and a statement that you believe in good faith that the use is not authorised.",
      "If you discover a security vulnerability in the Service, please report it to us privately and give us reasonable time to fix it before disclosing it. Do not access or change other users' data while investigating.",
      "We review reports promptly and give priority to those involving risks to people's safety. We may not be able to tell you what action we took, to protect the privacy of others.",
    ],
  },
  {
    heading: "Enforcement",
    blocks: [
      [
        "We may investigate suspected breaches of this Policy, including by reviewing the apps, prompts, content and logs involved, as described in our ",
        { text: "Privacy Policy", href: "/privacy-policy" },
        ". Depending on the severity of the breach, its likely harm, whether it appears intentional and any previous breaches, we may:",
      ],
      {
        list: [
          "warn you and ask you to change your app or content;",
          "remove content, or unpublish or disable an app;",
          "restrict features of your account, such as publishing or integrations;",
          "suspend or terminate your account;",
          "report the matter to law enforcement or other authorities where required or appropriate.",
        ],
      },
      "For serious breaches, such as child sexual abuse material, malware, phishing or threats to people's safety, we may act immediately and without notice.",
      "Action taken because of a breach of this Policy does not entitle you to a refund of fees or credits.",
      "If you believe we have made a mistake, reply to our notice or contact us with an explanation, and we will review the decision.",
    ],
  },
  {
    heading: "Changes to this Policy",
    blocks: [
      'We may update this Policy as the Service, the risks we see and the law change. We will post the new version on this page and change the "Last updated" date. If a change is material, we will tell you by e-mail or in the Service before it takes effect. If you continue to use the Service after a change takes effect, you accept the updated Policy.',
    ],
  },
];

function ResponsibleUsePolicy() {
  return <LegalPage title="Responsible Use Policy" lastUpdated="23 March 2025" intro={intro} sections={sections} />;
}
