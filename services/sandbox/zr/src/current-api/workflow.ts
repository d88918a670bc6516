import { stableUuid } from './ids';

interface StateSpec {
  slug: string;
  label: string;
  color: string;
  /** Whether a parcel in this state is heading back to the seller. */
  isReturn?: boolean;
  situations?: [string, string][];
}

/**
 * The default workflow's 23 states. The first 14 slugs are those a live audit saw; the 9 return
 * and cancel states are this sandbox's guess (the audit does not list them).
 */
const STATES: StateSpec[] = [
  { slug: 'commande_recue', label: 'Commande reçue', color: '#9e9e9e' },
  { slug: 'en_traitement', label: 'En traitement', color: '#9e9e9e' },
  {
    slug: 'appel_confirmation',
    label: 'Appel de confirmation',
    color: '#2196f3',
    situations: [
      ['pas_de_reponse', 'Pas de réponse'],
      ['numero_errone', 'Numéro erroné'],
    ],
  },
  { slug: 'commande_confirmee', label: 'Commande confirmée', color: '#2196f3' },
  { slug: 'en_preparation', label: 'En préparation', color: '#ff9800' },
  { slug: 'pret_a_expedier', label: 'Prêt à expédier', color: '#ff9800' },
  { slug: 'confirme_au_bureau', label: 'Confirmé au bureau', color: '#3f51b5' },
  { slug: 'confirme_chez_partenaire', label: 'Confirmé chez partenaire', color: '#3f51b5' },
  { slug: 'dispatch', label: 'Dispatch', color: '#673ab7' },
  { slug: 'vers_wilaya', label: 'Vers wilaya', color: '#673ab7' },
  {
    slug: 'en_livraison',
    label: 'En livraison',
    color: '#00bcd4',
    situations: [
      ['client_injoignable', 'Client injoignable'],
      ['client_absent', 'Client absent'],
      ['reporte_par_client', 'Reporté par le client'],
    ],
  },
  { slug: 'livre', label: 'Livré', color: '#4caf50' },
  { slug: 'encaisse', label: 'Encaissé', color: '#4caf50' },
  { slug: 'recouvert', label: 'Recouvert', color: '#2e7d32' },
  { slug: 'echec_livraison', label: 'Échec de livraison', color: '#f44336' },
  { slug: 'annule', label: 'Annulé', color: '#f44336' },
  { slug: 'en_retour', label: 'En retour', color: '#e91e63', isReturn: true },
  { slug: 'retour_vers_wilaya', label: 'Retour vers wilaya', color: '#e91e63', isReturn: true },
  { slug: 'retour_au_hub', label: 'Retour au hub', color: '#e91e63', isReturn: true },
  { slug: 'retour_chez_partenaire', label: 'Retour chez partenaire', color: '#e91e63', isReturn: true },
  { slug: 'pret_pour_restitution', label: 'Prêt pour restitution', color: '#e91e63', isReturn: true },
  { slug: 'retourne', label: 'Retourné au vendeur', color: '#b71c1c', isReturn: true },
  { slug: 'perdu', label: 'Perdu', color: '#212121' },
];

/** Which states a parcel may move to next: the delivery path, with its branches to failure and return. */
const NEXT: Record<string, string[]> = {
  commande_recue: ['en_traitement', 'annule'],
  en_traitement: ['appel_confirmation', 'annule'],
  appel_confirmation: ['commande_confirmee', 'annule'],
  commande_confirmee: ['en_preparation', 'annule'],
  en_preparation: ['pret_a_expedier'],
  pret_a_expedier: ['confirme_au_bureau', 'confirme_chez_partenaire'],
  confirme_au_bureau: ['dispatch'],
  confirme_chez_partenaire: ['dispatch'],
  dispatch: ['vers_wilaya'],
  vers_wilaya: ['en_livraison', 'perdu'],
  en_livraison: ['livre', 'echec_livraison'],
  livre: ['encaisse'],
  encaisse: ['recouvert'],
  echec_livraison: ['en_livraison', 'en_retour'],
  en_retour: ['retour_vers_wilaya'],
  retour_vers_wilaya: ['retour_au_hub'],
  retour_au_hub: ['retour_chez_partenaire', 'pret_pour_restitution'],
  retour_chez_partenaire: ['pret_pour_restitution'],
  pret_pour_restitution: ['retourne'],
};

export const WORKFLOW_ID = stableUuid('workflow:default');

export interface State {
  id: string;
  name: string;
  description: string;
  color: string;
  isReturn: boolean;
  situations: { id: string; name: string; slug: string; description: string; order: number }[];
}

export const WORKFLOW_STATES: readonly State[] = STATES.map((spec) => ({
  id: stableUuid(`state:${spec.slug}`),
  name: spec.slug,
  description: spec.label,
  color: spec.color,
  isReturn: spec.isReturn ?? false,
  situations: (spec.situations ?? []).map(([slug, label], order) => ({
    id: stableUuid(`situation:${spec.slug}:${slug}`),
    name: slug,
    slug,
    description: label,
    order: order + 1,
  })),
}));

const BY_NAME = new Map(WORKFLOW_STATES.map((state) => [state.name, state]));
const BY_ID = new Map(WORKFLOW_STATES.map((state) => [state.id, state]));

export function stateByNameOrId(key: string): State | undefined {
  return BY_NAME.get(key) ?? BY_ID.get(key);
}

/** `POST /workflows/search`'s one item: the default workflow with states, transitions and situations. */
export function defaultWorkflow() {
  return {
    id: WORKFLOW_ID,
    name: 'Default',
    isDefault: true,
    states: WORKFLOW_STATES.map((state, index) => ({
      id: state.id,
      name: state.name,
      description: state.description,
      ranking: index + 1,
      visibleFor: 0,
      editableBy: 0,
      color: state.color,
      requirements: [],
      transitions: (NEXT[state.name] ?? []).map((to) => ({
        id: stableUuid(`transition:${state.name}:${to}`),
        actionName: to,
        fromStateId: state.id,
        toStateId: BY_NAME.get(to)!.id,
      })),
      situations: state.situations.map((situation) => ({
        ...situation,
        requirements: [],
        metadataType: null,
        metadataConfiguration: null,
      })),
    })),
  };
}
