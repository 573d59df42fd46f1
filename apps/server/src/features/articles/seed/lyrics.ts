/**
 * Demo lyrics (demo content is original or public domain): traditional Brazilian and Portuguese folk songs of unknown authorship, and songs whose
 * composer's works are in the public domain, credited to them. Verses are separated by blank lines. `source` says
 * where the song comes from.
 */
export interface DemoLyric {
  title: string;
  source: string;
  /** Only where the authorship is known: every other song is credited to the public domain. */
  composer?: string;
  verses: string[];
}

const brazilianRoda = 'Cantiga de roda tradicional brasileira, de autor desconhecido; domínio público.';
const brazilianLullaby = 'Acalanto tradicional brasileiro, de autor desconhecido; domínio público.';
const brazilianFolk = 'Canção folclórica tradicional brasileira, de autor desconhecido; domínio público.';
const portugueseFolk = 'Canção popular tradicional portuguesa, de autor desconhecido; domínio público.';

export const demoLyrics: DemoLyric[] = [
  {
    title: 'Ciranda, cirandinha',
    source: brazilianRoda,
    verses: [
      'Ciranda, cirandinha\nVamos todos cirandar\nVamos dar a meia volta\nVolta e meia vamos dar',
      'O anel que tu me deste\nEra vidro e se quebrou\nO amor que tu me tinhas\nEra pouco e se acabou',
    ],
  },
  {
    title: 'Atirei o pau no gato',
    source: brazilianRoda,
    verses: [
      'Atirei o pau no gato-to\nMas o gato-to\nNão morreu-reu-reu\nDona Chica-ca\nAdmirou-se-se\nDo berro, do berro que o gato deu\nMiau!',
    ],
  },
  {
    title: 'Escravos de Jó',
    source: `${brazilianRoda} Cantada em roda passando objetos de mão em mão.`,
    verses: [
      'Escravos de Jó\nJogavam caxangá\nTira, põe, deixa ficar\nGuerreiros com guerreiros\nFazem zigue, zigue, zá',
    ],
  },
  {
    title: 'Marcha, soldado',
    source: brazilianRoda,
    verses: [
      'Marcha, soldado\nCabeça de papel\nSe não marchar direito\nVai preso pro quartel',
      'O quartel pegou fogo\nA polícia deu sinal\nAcode, acode, acode\nA bandeira nacional',
    ],
  },
  {
    title: 'O cravo brigou com a rosa',
    source: brazilianRoda,
    verses: [
      'O cravo brigou com a rosa\nDebaixo de uma sacada\nO cravo saiu ferido\nE a rosa despedaçada',
      'O cravo ficou doente\nA rosa foi visitar\nO cravo teve um desmaio\nE a rosa pôs-se a chorar',
    ],
  },
  {
    title: 'Peixe vivo',
    source: `${brazilianFolk} Canção de Minas Gerais.`,
    verses: [
      'Como pode o peixe vivo\nViver fora da água fria?\nComo pode o peixe vivo\nViver fora da água fria?',
      'Como poderei viver\nComo poderei viver\nSem a tua, sem a tua\nSem a tua companhia?',
      'Os pastores desta aldeia\nJá me fazem zombaria\nPor me verem assim chorando\nSem a tua companhia',
    ],
  },
  {
    title: 'Se essa rua fosse minha',
    source: brazilianRoda,
    verses: [
      'Se essa rua, se essa rua fosse minha\nEu mandava, eu mandava ladrilhar\nCom pedrinhas, com pedrinhas de brilhante\nPara o meu, para o meu amor passar',
      'Nesta rua, nesta rua tem um bosque\nQue se chama, que se chama solidão\nDentro dele, dentro dele mora um anjo\nQue roubou, que roubou meu coração',
    ],
  },
  {
    title: 'Terezinha de Jesus',
    source: brazilianRoda,
    verses: [
      'Terezinha de Jesus\nDeu uma queda, foi ao chão\nAcudiram três cavalheiros\nTodos três chapéu na mão',
      'O primeiro foi seu pai\nO segundo seu irmão\nO terceiro foi aquele\nQue a Tereza deu a mão',
    ],
  },
  {
    title: 'Pirulito que bate bate',
    source: brazilianRoda,
    verses: ['Pirulito que bate bate\nPirulito que já bateu\nQuem gosta de mim é ela\nQuem gosta dela sou eu'],
  },
  {
    title: 'A canoa virou',
    source: brazilianRoda,
    verses: [
      'A canoa virou\nPor deixar ela virar\nFoi por causa da Maria\nQue não soube remar',
      'Se eu fosse um peixinho\nE soubesse nadar\nEu tirava a Maria\nLá do fundo do mar',
    ],
  },
  {
    title: 'Cai, cai, balão',
    source: `${brazilianRoda} Cantada nas festas juninas.`,
    verses: [
      'Cai, cai, balão\nCai, cai, balão\nAqui na minha mão\nNão cai não, não cai não, não cai não\nCai na rua do sabão',
    ],
  },
  {
    title: 'Alecrim dourado',
    source: brazilianRoda,
    verses: [
      'Alecrim, alecrim dourado\nQue nasceu no campo\nSem ser semeado',
      'Foi meu amor\nQue me disse assim\nQue a flor do campo\nÉ o alecrim',
    ],
  },
  {
    title: 'Sapo cururu',
    source: brazilianLullaby,
    verses: [
      'Sapo cururu\nNa beira do rio\nQuando o sapo canta, ó maninha\nÉ porque tem frio',
      'A mulher do sapo\nDeve estar lá dentro\nFazendo rendinha, ó maninha\nPara o casamento',
    ],
  },
  {
    title: 'Capelinha de melão',
    source: `${brazilianRoda} Cantada nas festas de são João.`,
    verses: [
      'Capelinha de melão\nÉ de são João\nÉ de cravo, é de rosa\nÉ de manjericão',
      'São João está dormindo\nNão me ouve não\nAcordai, acordai\nAcordai, João',
    ],
  },
  {
    title: 'Fui no Itororó',
    source: brazilianRoda,
    verses: [
      'Fui no Itororó\nBeber água, não achei\nAchei bela morena\nQue no Itororó deixei',
      'Aproveite, minha gente\nQue uma noite não é nada\nSe não dormir agora\nDormirá de madrugada',
    ],
  },
  {
    title: 'Samba Lelê',
    source: brazilianRoda,
    verses: [
      'Samba Lelê tá doente\nTá com a cabeça quebrada\nSamba Lelê precisava\nÉ de umas boas palmadas',
      'Samba, samba, Samba ô Lelê\nPisa na barra da saia, ô Lelê',
    ],
  },
  {
    title: 'O meu chapéu tem três pontas',
    source: brazilianRoda,
    verses: [
      'O meu chapéu tem três pontas\nTem três pontas o meu chapéu\nSe não tivesse três pontas\nNão seria o meu chapéu',
    ],
  },
  {
    title: 'Boi da cara preta',
    source: brazilianLullaby,
    verses: ['Boi, boi, boi\nBoi da cara preta\nPega esta criança\nQue tem medo de careta'],
  },
  {
    title: 'Meu limão, meu limoeiro',
    source: brazilianFolk,
    verses: ['Meu limão, meu limoeiro\nMeu pé de jacarandá\nUma vez, tindolelê\nOutra vez, tindolalá'],
  },
  {
    title: 'Pombinha branca',
    source: brazilianRoda,
    verses: [
      'Pombinha branca, que está fazendo?\nLavando roupa pro casamento',
      'Vou me lavar, vou me secar\nVou na janela pra namorar',
    ],
  },
  {
    title: 'Indo eu, indo eu, a caminho de Viseu',
    source: portugueseFolk,
    verses: [
      'Indo eu, indo eu\nA caminho de Viseu\nEncontrei o meu amor\nAi Jesus, que lá vou eu',
      'Ora zus, truz, truz\nOra zás, trás, trás\nOra chega, chega, chega\nOra arreda lá pra trás',
    ],
  },
  {
    title: 'Ó Rosa, arredonda a saia',
    source: portugueseFolk,
    verses: ['Ó Rosa, arredonda a saia\nÓ Rosa, arredonda-a bem\nÓ Rosa, arredonda a saia\nOlha a roda que ela tem'],
  },
  {
    title: 'Ó abre alas',
    // Chiquinha Gonzaga died in 1935; her works are in the public domain in Brazil (70 years after the author's death).
    source: 'Marcha carnavalesca de Chiquinha Gonzaga (1899); domínio público.',
    composer: 'Chiquinha Gonzaga',
    verses: [
      'Ó abre alas\nQue eu quero passar\nÓ abre alas\nQue eu quero passar',
      'Eu sou da Lira\nNão posso negar\nEu sou da Lira\nNão posso negar',
      'Rosa de Ouro\nÉ que vai ganhar\nRosa de Ouro\nÉ que vai ganhar',
    ],
  },
];
