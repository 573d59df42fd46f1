/*
 * One section per year, 1974–2025, of Tiana Serra's (fictional) life. `tags` name the events and people
 * the text mentions; the bio page turns those names into links.
 */
export const demoYears: Readonly<Record<number, { text: string[]; tags: string[] }>> = {
  1974: {
    text: [
      'Tiana Serra nasce em Olinda, numa casa de janelas azuis na ladeira da Misericórdia. A avó, Dona Cida, canta cirandas para ela dormir.',
    ],
    tags: ['Olinda', 'Dona Cida'],
  },
  1975: {
    text: [
      'Primeiro carnaval, no colo do pai, entre bonecos gigantes e orquestras de frevo que passam pela porta de casa.',
    ],
    tags: [],
  },
  1976: {
    text: [
      'A família guarda uma fita cassete em que Tiana, com dois anos, tenta acompanhar a roda de ciranda de Dona Cida.',
    ],
    tags: ['Dona Cida'],
  },
  1977: {
    text: [
      'Ganha um pandeiro de presente e não o larga mais; os vizinhos de Olinda acordam com o som nas manhãs de domingo.',
    ],
    tags: ['Olinda'],
  },
  1978: {
    text: ['Entra na escola primária e canta pela primeira vez numa festa junina, vestida de noiva da quadrilha.'],
    tags: [],
  },
  1979: {
    text: ['Passa as férias em Caruaru, onde conhece o forró pé de serra nas feiras e aprende a tocar triângulo.'],
    tags: [],
  },
  1980: {
    text: ['Começa a estudar piano com uma professora do bairro, mas prefere inventar melodias a praticar escalas.'],
    tags: [],
  },
  1981: {
    text: [
      'Conhece Zeca Lima no recreio da escola; ele tocava violão melhor que os professores e ela cantava mais alto que todos.',
    ],
    tags: ['Zeca Lima'],
  },
  1982: {
    text: ['Com Dona Cida, participa pela primeira vez de uma roda de ciranda de verdade na praia, até o sol nascer.'],
    tags: ['Dona Cida'],
  },
  1983: {
    text: ['Escreve a primeira canção, sobre as ladeiras de Olinda, num caderno de matemática que ainda guarda.'],
    tags: ['Olinda'],
  },
  1984: {
    text: ['Entra no coral da escola e descobre que gosta de fazer a segunda voz, escondida atrás da melodia.'],
    tags: [],
  },
  1985: {
    text: ['Zeca Lima e Tiana tocam juntos numa festa de aniversário e recebem o primeiro cachê: um bolo inteiro.'],
    tags: ['Zeca Lima'],
  },
  1986: {
    text: ['Passa a ouvir rádio à noite, anotando letras de sambas-canção e de músicas de outros países.'],
    tags: [],
  },
  1987: { text: ['Aprende violão sozinha com um método comprado numa banca de revistas.'], tags: [] },
  1988: {
    text: ['Faz o primeiro show num bar de Olinda, para doze pessoas, quase todas da família.'],
    tags: ['Olinda'],
  },
  1989: {
    text: ['Forma a banda Maré Alta com Zeca Lima e mais três amigos do colégio.'],
    tags: ['Maré Alta', 'Zeca Lima'],
  },
  1990: {
    text: [
      'A Maré Alta toca em bailes de clube por todo o Recife, com um repertório que mistura ciranda, rock e frevo.',
    ],
    tags: ['Maré Alta'],
  },
  1991: {
    text: ['Grava a primeira fita demo da banda num estúdio de rádio comunitária, em uma única tarde.'],
    tags: ['Maré Alta'],
  },
  1992: {
    text: ['A Maré Alta é escolhida para tocar no Festival das Águas e canta para oito mil pessoas à beira do rio.'],
    tags: ['Festival das Águas', 'Maré Alta'],
  },
  1993: {
    text: ['Começa o curso de música na universidade e passa a dar aulas de violão para pagar as contas.'],
    tags: [],
  },
  1994: {
    text: [
      'A banda se despede com um show lotado; cada integrante segue seu caminho, e Tiana e Zeca Lima continuam compondo juntos.',
    ],
    tags: ['Maré Alta', 'Zeca Lima'],
  },
  1995: {
    text: ['Marina Duarte encontra a fita demo num sebo de São Paulo e viaja até Olinda para propor um disco.'],
    tags: ['Marina Duarte', 'Olinda'],
  },
  1996: {
    text: ['Lança o disco Sal da Terra, produzido por Marina Duarte, com nove canções feitas com Zeca Lima.'],
    tags: ['Sal da Terra', 'Marina Duarte', 'Zeca Lima'],
  },
  1997: {
    text: ['A faixa-título de Sal da Terra toca nas rádios do Nordeste o verão inteiro.'],
    tags: ['Sal da Terra'],
  },
  1998: { text: ['Temporada de seis semanas esgotadas no Teatro Capiba, no Recife.'], tags: ['Teatro Capiba'] },
  1999: { text: ['Primeiros shows no Sudeste, em teatros pequenos de São Paulo e do Rio de Janeiro.'], tags: [] },
  2000: {
    text: ['Grava o segundo disco, Ladeira, com arranjos de metais inspirados nas orquestras de frevo de Olinda.'],
    tags: ['Olinda'],
  },
  2001: { text: ['Canta pela primeira vez fora do Brasil, num festival de música do mundo em Lisboa.'], tags: [] },
  2002: {
    text: ['Marina Duarte assume a produção de todos os shows e monta uma banda fixa de sete músicos.'],
    tags: ['Marina Duarte'],
  },
  2003: { text: ['Passa o ano compondo; as novas canções falam de mar, de viagem e de saudade.'], tags: [] },
  2004: {
    text: ['Começa a Turnê Atlântica, com quarenta shows entre Europa, África e Brasil.'],
    tags: ['Turnê Atlântica'],
  },
  2005: {
    text: ['O documentário da Turnê Atlântica estreia num festival de cinema e ganha o prêmio do público.'],
    tags: ['Turnê Atlântica'],
  },
  2006: { text: ['Nasce Luísa, sua filha; Tiana tira um ano para ficar em casa e gravar canções de ninar.'], tags: [] },
  2007: {
    text: ['Lança Canções de Ninar da Ladeira, disco infantil gravado com as crianças da vizinhança.'],
    tags: [],
  },
  2008: {
    text: ['Dona Cida morre aos noventa anos; Tiana canta na despedida a ciranda que a avó cantava para ela.'],
    tags: ['Dona Cida'],
  },
  2009: { text: ['Reencontra a antiga Maré Alta para um show beneficente em Olinda.'], tags: ['Maré Alta', 'Olinda'] },
  2010: { text: ['Começa a planejar uma escola de música gratuita para as crianças do bairro.'], tags: [] },
  2011: {
    text: ['Funda a escola Ciranda Viva em Olinda, em homenagem à avó.'],
    tags: ['Ciranda Viva', 'Olinda', 'Dona Cida'],
  },
  2012: {
    text: ['A primeira turma da Ciranda Viva se apresenta no carnaval com uma orquestra de quarenta crianças.'],
    tags: ['Ciranda Viva'],
  },
  2013: {
    text: ['Volta ao Festival das Águas como convidada de honra, dividindo o palco com alunos da escola.'],
    tags: ['Festival das Águas'],
  },
  2014: { text: ['Grava participações em discos de jovens artistas pernambucanos.'], tags: [] },
  2015: {
    text: ['Lança Noites de Lua, gravado ao vivo em três noites de lua cheia, com produção de Marina Duarte.'],
    tags: ['Noites de Lua', 'Marina Duarte'],
  },
  2016: {
    text: ['Noites de Lua vira espetáculo e percorre vinte cidades do interior do Brasil.'],
    tags: ['Noites de Lua'],
  },
  2017: { text: ['Escreve um livro de memórias sobre a infância em Olinda e as rodas de ciranda.'], tags: ['Olinda'] },
  2018: {
    text: ['A Ciranda Viva abre uma segunda sede, com estúdio de gravação para os alunos.'],
    tags: ['Ciranda Viva'],
  },
  2019: {
    text: ['Recebe o Prêmio Canto Livre pela carreira e pelo trabalho com as crianças.'],
    tags: ['Prêmio Canto Livre'],
  },
  2020: {
    text: ['Com os palcos fechados, faz shows em casa transmitidos pela internet todas as sextas-feiras.'],
    tags: [],
  },
  2021: {
    text: ['Grava com Zeca Lima um disco só de voz e violão, à distância, cada um em sua casa.'],
    tags: ['Zeca Lima'],
  },
  2022: { text: ['Volta aos palcos com uma temporada no Teatro Capiba, onde tudo começou.'], tags: ['Teatro Capiba'] },
  2023: {
    text: ['A Ciranda Viva completa doze anos e forma os primeiros professores entre ex-alunos.'],
    tags: ['Ciranda Viva'],
  },
  2024: {
    text: ['Comemora cinquenta anos com um show gratuito nas ladeiras de Olinda para trinta mil pessoas.'],
    tags: ['Olinda'],
  },
  2025: {
    text: [
      'Prepara um novo disco de cirandas inéditas, produzido por Marina Duarte, com lançamento previsto para o fim do ano.',
    ],
    tags: ['Marina Duarte'],
  },
};
