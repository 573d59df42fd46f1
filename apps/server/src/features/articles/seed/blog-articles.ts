/**
 * Demo blog articles (demo content is original or public domain): original texts written for Papo, in Portuguese. Each has a
 * category key, a description for lists and previews, and paragraphs (a `## ` line is a subheading).
 */
export interface DemoArticle {
  title: string;
  category: string;
  description: string;
  paragraphs: string[];
}

export const demoArticles: DemoArticle[] = [
  {
    title: 'Por que o bate-papo ao estilo IRC ainda faz sentido',
    category: 'community',
    description:
      'Canais abertos, apelidos e conversas que acontecem agora: o formato que nasceu nos anos 1990 continua sendo a maneira mais simples de conversar com muita gente ao mesmo tempo.',
    paragraphs: [
      'Antes das redes sociais, conversar pela internet era entrar numa sala. Você escolhia um apelido, entrava num canal e dizia oi para quem estivesse ali naquele momento. Ninguém contava curtidas nem seguidores.',
      '## O valor do agora',
      'Num canal, a conversa acontece em tempo real e não fica guardada para sempre. Isso muda o jeito de falar: as pessoas ficam mais à vontade, arriscam piadas e fazem perguntas sem medo de que tudo vire arquivo.',
      'No Papo os canais seguem essa ideia. As mensagens passam e não são armazenadas, e a hierarquia de voz, operador, mestre e fundador ajuda a manter a casa em ordem sem tirar a espontaneidade.',
    ],
  },
  {
    title: 'Guia rápido de etiqueta nos canais',
    category: 'community',
    description:
      'Cumprimente ao chegar, evite escrever tudo em maiúsculas e respeite os operadores: pequenas regras que deixam qualquer canal mais agradável para todo mundo.',
    paragraphs: [
      'Todo canal tem seu clima, mas algumas regras valem em qualquer lugar. A primeira é simples: cumprimente quando chegar. Um oi abre portas e mostra que você veio para conversar.',
      'Escrever tudo em maiúsculas soa como gritar, e repetir a mesma mensagem várias vezes atrapalha a leitura de todos. Se ninguém respondeu, espere um pouco: às vezes as pessoas só estão ocupadas.',
      '## Operadores estão ali para ajudar',
      'Quem tem arroba ao lado do apelido cuida do canal. Se algo incomodar, fale com um operador em vez de discutir em público. E lembre que cada canal pode ter suas próprias regras no tópico.',
    ],
  },
  {
    title: 'Como criar um canal e mantê-lo vivo',
    category: 'community',
    description:
      'Um bom nome, um tópico claro e horários combinados: o que aprendemos observando os canais que continuam movimentados meses depois de criados.',
    paragraphs: [
      'Criar um canal leva segundos; mantê-lo vivo exige um pouco de cuidado. Comece pelo nome: curto, fácil de lembrar e que diga do que se trata.',
      'O tópico é a vitrine do canal. Use-o para explicar o assunto, combinar horários de encontro e avisar sobre eventos. Atualize sempre que algo mudar.',
      'Por fim, convide pessoas e divida as tarefas. Um canal com dois ou três operadores ativos responde melhor aos recém-chegados e resiste às fases de pouco movimento.',
    ],
  },
  {
    title: 'Apelidos: a arte de escolher um nome para a internet',
    category: 'community',
    description:
      'O apelido é a primeira impressão que você deixa num canal. Dicas para escolher um nome que seja fácil de digitar, de lembrar e que combine com você.',
    paragraphs: [
      'Nos canais, ninguém vê seu rosto antes de ler seu apelido. Por isso vale pensar um pouco antes de escolher: ele vai aparecer em cada mensagem que você mandar.',
      'Prefira nomes curtos e sem muitos números. Se o seu nome favorito já estiver em uso, tente uma variação com algo que você goste, como uma cidade, um bicho ou um hobby.',
      'No Papo você pode ter mais de um apelido na mesma conta e escolher qual usar. É uma boa maneira de separar a conversa do canal de música da conversa do canal da sua cidade.',
    ],
  },
  {
    title: 'O que significam voz, operador, mestre e fundador',
    category: 'community',
    description:
      'A hierarquia dos canais explicada sem mistério: quem pode falar em canais moderados, quem pode expulsar, quem nomeia operadores e quem responde pelo canal.',
    paragraphs: [
      'Os níveis dos canais vêm da tradição do IRC. Quem tem voz pode falar mesmo quando o canal está moderado. Operadores podem mudar o tópico, expulsar e banir quem atrapalha.',
      'Mestres cuidam da equipe: nomeiam e removem operadores. O fundador é quem criou o canal e responde por ele, podendo inclusive nomear mestres.',
      'Nenhum nível é um prêmio. Eles existem para que o canal funcione, e costumam ir para quem está presente, conhece as regras e trata bem os outros.',
    ],
  },
  {
    title: 'Forró pé de serra: o som que atravessa gerações',
    category: 'music',
    description:
      'Sanfona, zabumba e triângulo bastam para encher um salão. Uma conversa sobre o trio que define o forró tradicional e sobre por que ele continua a atrair gente jovem.',
    paragraphs: [
      'Poucos gêneros conseguem tanto com tão pouco. No forró pé de serra, a sanfona faz a melodia, a zabumba marca o chão e o triângulo dá o brilho que mantém todo mundo dançando.',
      'O formato nasceu nos bailes do interior e ganhou as cidades com os migrantes que levaram consigo a saudade de casa. Hoje ele aparece em festivais, bares universitários e nas festas de junho.',
      '## Para começar a ouvir',
      'Procure gravações ao vivo de trios pequenos: é ali que se percebe a conversa entre os instrumentos. E, se puder, vá a um baile. Forró se entende melhor com os pés.',
    ],
  },
  {
    title: 'Choro: a música instrumental brasileira que nasceu nas rodas',
    category: 'music',
    description:
      'Flauta, cavaquinho, violão de sete cordas e pandeiro: como funciona uma roda de choro e por que ela é uma das melhores escolas de música do país.',
    paragraphs: [
      'O choro nasceu no Rio de Janeiro do século XIX, quando músicos passaram a tocar polcas e valsas com um sotaque brasileiro. O resultado foi uma música cheia de virtuosismo e de bom humor.',
      'Numa roda, os músicos sentam em círculo e se revezam nos solos. Quem está começando aprende ouvindo os mais experientes, e as rodas abertas recebem qualquer pessoa que saiba acompanhar.',
      'Se você toca algum instrumento, procure uma roda perto de casa. Poucas experiências ensinam tanto sobre harmonia, ritmo e escuta quanto uma tarde de choro.',
    ],
  },
  {
    title: 'Como montar uma playlist para estudar',
    category: 'music',
    description:
      'Música instrumental, volume baixo e faixas longas: um método simples para montar uma seleção que ajuda a concentração em vez de disputar sua atenção.',
    paragraphs: [
      'Nem toda música ajuda a estudar. Letras disputam espaço com o texto que você está lendo, e mudanças bruscas de ritmo puxam a atenção para fora da tarefa.',
      'Comece por faixas instrumentais e longas, com poucas variações. Violão solo, piano, música ambiente e gravações de natureza funcionam bem para muita gente.',
      'Mantenha o volume baixo e a playlist curta o bastante para você não ficar pulando faixas. Quando ela acabar, faça uma pausa: é um ótimo relógio para o descanso.',
    ],
  },
  {
    title: 'Maracatu, frevo e ciranda: um passeio pelo carnaval de Pernambuco',
    category: 'music',
    description:
      'Os ritmos que tomam as ladeiras de Olinda e as ruas do Recife têm histórias bem diferentes. Um pequeno guia para não confundir os passos.',
    paragraphs: [
      'O maracatu de baque virado tem tambores graves e um cortejo que lembra as coroações de reis e rainhas. O de baque solto, da zona da mata, traz caboclos de lança com suas golas coloridas.',
      'O frevo é pura velocidade: metais, passistas com sombrinhas e uma multidão que não para. Já a ciranda é a roda calma à beira-mar, em que todo mundo dá as mãos e dança no mesmo passo.',
      'Conhecer a diferença deixa a festa ainda melhor. E ninguém precisa saber dançar: basta entrar na roda.',
    ],
  },
  {
    title: 'Aprender violão depois dos trinta',
    category: 'music',
    description:
      'Dedos doloridos, pouco tempo e muita vontade: um relato honesto sobre começar um instrumento na vida adulta, com o que funcionou e o que não funcionou.',
    paragraphs: [
      'A primeira semana é a mais difícil. Os dedos doem, os acordes saem abafados e a sensação é de que nunca vai dar certo. Todo mundo passa por isso, em qualquer idade.',
      'O que mais ajudou foi tocar um pouco todos os dias em vez de muito uma vez por semana. Quinze minutos diários fazem os calos aparecerem e a memória dos dedos se formar.',
      'Escolha músicas de que você gosta e que tenham poucos acordes. A vontade de tocar a sua canção favorita vale mais do que qualquer exercício.',
    ],
  },
  {
    title: 'Festas juninas: comidas, danças e simpatias',
    category: 'culture',
    description:
      'Pamonha, quentão, quadrilha e fogueira: o que faz das festas de junho uma das tradições mais queridas do Brasil, do interior às grandes cidades.',
    paragraphs: [
      'Junho é mês de bandeirinhas. As festas celebram santo Antônio, são João e são Pedro, e juntam heranças portuguesas com costumes do campo brasileiro.',
      'A mesa é parte da festa: milho cozido, pamonha, canjica, pé de moleque, arroz doce e quentão para esquentar as noites frias. Cada região tem sua receita e seu orgulho.',
      '## A quadrilha',
      'A dança de pares conduzida por um marcador vem das quadrilhas de salão europeias. Por aqui ganhou casamento caipira, túnel, chuva de mentira e muito riso.',
    ],
  },
  {
    title: 'Literatura de cordel: poesia que se pendura no barbante',
    category: 'culture',
    description:
      'Folhetos baratos, xilogravuras na capa e versos rimados para ler em voz alta: a história do cordel e por que ele continua vivo nas feiras e nas escolas.',
    paragraphs: [
      'O nome vem dos cordões em que os folhetos eram pendurados nas feiras. Dentro deles, histórias de amor, de valentia, de humor e de notícia, sempre em versos com métrica e rima.',
      'A capa costuma trazer uma xilogravura, imagem entalhada em madeira e impressa em preto. Muitos gravadores ficaram conhecidos por esse trabalho.',
      'O cordel foi feito para ser lido em voz alta, e é assim que ele funciona melhor. Experimente ler um folheto para alguém: o ritmo dos versos faz o resto.',
    ],
  },
  {
    title: 'Museus gratuitos: como aproveitar melhor a visita',
    category: 'culture',
    description:
      'Muitos museus abrem de graça em um dia da semana. Dicas para planejar a visita, fugir das filas e sair de lá lembrando do que viu.',
    paragraphs: [
      'Quase toda grande cidade tem museus com entrada gratuita em algum dia da semana. Vale conferir o site de cada um antes de sair de casa, porque horários mudam.',
      'Não tente ver tudo. Escolha uma ou duas salas e fique mais tempo diante das obras que chamarem sua atenção. Visitas curtas e frequentes ensinam mais do que uma maratona.',
      'Leve um caderno pequeno e anote uma frase sobre cada obra de que gostou. Na próxima visita, você vai perceber como o seu olhar mudou.',
    ],
  },
  {
    title: 'O azulejo português e suas histórias',
    category: 'culture',
    description:
      'Das igrejas de Lisboa às fachadas de São Luís, os azulejos contam histórias em azul e branco. Um olhar sobre essa arte que atravessou o oceano.',
    paragraphs: [
      'Os azulejos chegaram à península Ibérica pela influência árabe e ganharam em Portugal uma personalidade própria, com painéis inteiros que narram cenas religiosas, batalhas e paisagens.',
      'No Brasil, eles cobriram fachadas para proteger as paredes do calor e da umidade. Cidades como São Luís e Salvador guardam conjuntos impressionantes.',
      'Da próxima vez que passar por um prédio antigo, repare nos padrões. Muitas vezes o mesmo desenho aparece em cidades dos dois lados do Atlântico.',
    ],
  },
  {
    title: 'Capoeira: jogo, luta e música',
    category: 'culture',
    description:
      'O berimbau manda na roda. Uma introdução à capoeira para quem sempre teve curiosidade, com o que esperar da primeira aula.',
    paragraphs: [
      'Na capoeira, dois jogadores conversam com o corpo enquanto a roda canta e toca. O berimbau dita o ritmo do jogo, que pode ser lento e rasteiro ou rápido e alto.',
      'A música é parte essencial: quem está na roda canta os corridos e responde ao solista. Aprender os toques e as cantigas faz parte do treino desde o começo.',
      'Na primeira aula, vá com roupa confortável e sem pressa. A ginga, o movimento básico, parece simples e leva anos para ficar bonita.',
    ],
  },
  {
    title: 'Senhas fortes sem sofrimento',
    category: 'technology',
    description:
      'Frases longas, um gerenciador de senhas e a verificação em duas etapas: três hábitos que protegem suas contas muito mais do que trocar a senha todo mês.',
    paragraphs: [
      'Uma senha forte não precisa ser impossível de lembrar. Frases com quatro ou cinco palavras aleatórias são longas, fáceis de digitar e muito difíceis de adivinhar.',
      'O maior risco é repetir a mesma senha em vários sites. Se um deles vazar, todos ficam expostos. Um gerenciador de senhas resolve isso guardando uma senha diferente para cada lugar.',
      '## Um passo a mais',
      'Sempre que puder, ative a verificação em duas etapas. Mesmo que alguém descubra sua senha, ainda vai precisar do seu celular para entrar.',
    ],
  },
  {
    title: 'Como funciona uma conversa em tempo real na web',
    category: 'technology',
    description:
      'WebSockets, salas e reconexão: o que acontece entre o momento em que você aperta enviar e a hora em que a mensagem aparece na tela dos outros.',
    paragraphs: [
      'Uma página comum pergunta ao servidor e espera a resposta. Numa conversa em tempo real, a conexão fica aberta e o servidor pode avisar o navegador assim que algo acontece.',
      'Quando você envia uma mensagem, o servidor confere se você pode falar naquele canal e a entrega a todas as conexões que estão na mesma sala, normalmente em milésimos de segundo.',
      'Se a rede cair, o navegador tenta se reconectar e volta às salas em que estava. É por isso que, num bom bate-papo, uma falha de segundos passa quase despercebida.',
    ],
  },
  {
    title: 'Fotografar com o celular à noite',
    category: 'technology',
    description:
      'Apoie o aparelho, desligue o flash e aproveite as luzes da cidade: técnicas simples para fotos noturnas mais nítidas e com menos ruído.',
    paragraphs: [
      'À noite, a câmera precisa de mais tempo para captar luz. Qualquer tremida vira borrão, então apoie o celular numa mureta, num banco ou segure com os cotovelos junto ao corpo.',
      'O flash achata as cores e ilumina só o que está perto. Desligue-o e use as luzes que já existem: vitrines, postes e letreiros dão cor e clima à foto.',
      'Se o seu aparelho tiver modo noturno, experimente. E toque na tela para escolher onde focar antes de fotografar.',
    ],
  },
  {
    title: 'Backup: a regra do três, dois, um',
    category: 'technology',
    description:
      'Três cópias, em dois tipos de mídia, uma delas fora de casa. A regra clássica de cópias de segurança explicada para quem só quer não perder as fotos da família.',
    paragraphs: [
      'Perder arquivos costuma acontecer do jeito mais comum: um celular que cai, um computador que para de ligar. A melhor defesa é ter cópias antes de precisar delas.',
      'A regra é fácil de lembrar: mantenha três cópias dos arquivos importantes, em pelo menos dois tipos de mídia diferentes, e uma delas fora de casa.',
      'Na prática, isso pode ser o próprio computador, um disco externo e um serviço na nuvem. Marque na agenda uma data por mês para conferir se tudo está em dia.',
    ],
  },
  {
    title: 'Acessibilidade na web começa no texto',
    category: 'technology',
    description:
      'Descrições de imagens, contraste e links que dizem para onde levam: pequenas escolhas que fazem um site funcionar para muito mais gente.',
    paragraphs: [
      'Muita gente navega com leitores de tela, aumenta o tamanho da letra ou usa só o teclado. Um site acessível funciona para todas essas pessoas sem que ninguém perceba a diferença.',
      'Comece pelo texto: descreva as imagens, use títulos em ordem e escreva links que façam sentido fora do contexto, como ler o regulamento em vez de clique aqui.',
      'Cuide também do contraste entre letra e fundo e teste a página usando apenas a tecla Tab. Se você conseguir chegar a tudo, muita gente também vai conseguir.',
    ],
  },
  {
    title: 'Um fim de semana em Lisboa sem pressa',
    category: 'travel',
    description:
      'Elétrico, miradouros, pastéis e fado: um roteiro tranquilo de dois dias pela capital portuguesa, pensado para caminhar e parar sempre que der vontade.',
    paragraphs: [
      'Lisboa se conhece a pé, subindo e descendo colinas. Comece pela Baixa, atravesse o Terreiro do Paço e suba até a Alfama, onde as ruas estreitas levam aos miradouros.',
      'No segundo dia, vá até Belém para ver o rio, o mosteiro e provar os pastéis ainda quentes. À tarde, volte ao centro e siga até o Bairro Alto para o pôr do sol.',
      'À noite, procure uma casa de fado pequena. Silêncio durante as canções é a regra, e a recompensa é ouvir uma das músicas mais emocionantes do mundo bem de perto.',
    ],
  },
  {
    title: 'Chapada Diamantina para iniciantes',
    category: 'travel',
    description:
      'Cachoeiras, grutas e trilhas de vários níveis: como planejar a primeira viagem à Chapada Diamantina, na Bahia, com segurança e sem correria.',
    paragraphs: [
      'A Chapada Diamantina tem paisagens para todos os gostos: cachoeiras altas, poços de água azul, grutas e mirantes de onde se vê o vale inteiro.',
      'Muitas trilhas exigem guia, e vale contratar um mesmo nas mais conhecidas. Eles conhecem o caminho, o tempo das chuvas e as histórias da região.',
      'Leve roupas leves, protetor solar, lanterna e muita água. E reserve dias de descanso entre as trilhas longas: o corpo agradece.',
    ],
  },
  {
    title: 'Viajar de trem pelo Brasil: ainda dá',
    category: 'travel',
    description:
      'Poucos trechos sobraram, mas alguns passeios de trem continuam entre as viagens mais bonitas do país. Um convite a olhar a paisagem devagar.',
    paragraphs: [
      'O Brasil já teve milhares de quilômetros de ferrovias de passageiros. Hoje restam poucos trechos, quase todos turísticos, mas eles guardam paisagens que não se vê da estrada.',
      'Há passeios que descem a serra entre túneis e pontes, outros que atravessam pequenas cidades históricas e alguns que seguem a costa. Cada um tem seu ritmo.',
      'Reserve com antecedência, escolha o lado da janela com a melhor vista e deixe o celular no bolso em boa parte do caminho.',
    ],
  },
  {
    title: 'Porto em três cafés e uma ponte',
    category: 'travel',
    description:
      'A cidade do Porto pelo caminho dos cafés antigos, das livrarias e da travessia a pé da ponte que liga as duas margens do Douro.',
    paragraphs: [
      'O Porto se revela devagar, entre ladeiras de granito e fachadas de azulejo. Comece o dia num café antigo do centro, com um pastel e uma bica.',
      'Siga para a Ribeira e atravesse a ponte pelo tabuleiro de cima. Do outro lado, as caves contam a história do vinho que leva o nome da cidade.',
      'No fim da tarde, volte pela margem e pare para ver o rio mudar de cor. É o tipo de cena que fica na memória muito depois da viagem.',
    ],
  },
  {
    title: 'Mochila leve: o que levar numa viagem curta',
    category: 'travel',
    description:
      'Uma mochila de mão basta para quase toda viagem de até uma semana. A lista que usamos, com o que pode ficar em casa sem fazer falta.',
    paragraphs: [
      'Viajar leve dá liberdade: você não despacha mala, anda mais rápido e não precisa de táxi para sair da estação. O segredo é escolher roupas que combinem entre si.',
      'Leve três camisetas, duas calças ou bermudas, um agasalho leve, roupas íntimas para metade dos dias e um calçado confortável no pé. Lave o que for preciso no caminho.',
      'Itens de higiene em frascos pequenos, um carregador, um cadeado e uma garrafa de água vazia completam a lista. O resto quase sempre dá para comprar no destino.',
    ],
  },
  {
    title: 'Pão caseiro com fermentação natural',
    category: 'lifestyle',
    description:
      'Farinha, água, sal e paciência: o passo a passo para começar seu fermento natural e assar o primeiro pão em casa, sem equipamentos especiais.',
    paragraphs: [
      'O fermento natural é uma mistura de farinha e água que captura leveduras do ambiente. Alimentado todos os dias, ele fica pronto para uso em cerca de uma semana.',
      'Para o pão, misture farinha, água, sal e uma porção do fermento. Faça dobras na massa a cada meia hora nas primeiras horas e deixe crescer devagar, de preferência na geladeira.',
      'Asse em forno bem quente, numa panela tampada nos primeiros minutos. A casca crocante e o cheiro pela casa compensam toda a espera.',
    ],
  },
  {
    title: 'Horta na varanda: temperos que crescem em vaso',
    category: 'lifestyle',
    description:
      'Manjericão, cebolinha, salsa e hortelã se dão bem em vasos pequenos. O que plantar, quanto regar e como colher sem matar a planta.',
    paragraphs: [
      'Uma varanda com algumas horas de sol já basta para uma pequena horta. Comece por temperos resistentes, como cebolinha, salsa, hortelã e manjericão.',
      'Use vasos com furos no fundo e uma camada de pedrinhas para a água escorrer. Regue quando a terra estiver seca ao toque, de preferência de manhã cedo.',
      'Colha sempre as folhas de cima e nunca mais de um terço da planta de uma vez. Assim ela continua crescendo e rende por muitos meses.',
    ],
  },
  {
    title: 'Caminhar trinta minutos por dia',
    category: 'lifestyle',
    description:
      'Sem academia e sem equipamento: por que uma caminhada diária é um dos hábitos mais fáceis de começar e de manter, com sugestões para não desistir.',
    paragraphs: [
      'Caminhar é o exercício mais acessível que existe. Não exige roupa especial, pode ser feito em qualquer bairro e cabe em meia hora do dia.',
      'Para criar o hábito, escolha um horário fixo e um trajeto agradável. Chamar alguém para ir junto ou ouvir um programa favorito ajuda nos dias de preguiça.',
      'Comece no seu ritmo e aumente aos poucos. Mais importante do que a velocidade é a constância: trinta minutos todos os dias valem mais do que duas horas no fim de semana.',
    ],
  },
  {
    title: 'Organizar a semana no domingo à noite',
    category: 'lifestyle',
    description:
      'Quinze minutos de planejamento no domingo economizam horas de correria. Um método simples com papel, caneta e três perguntas.',
    paragraphs: [
      'O domingo à noite é um bom momento para olhar a semana que vem. Pegue papel e caneta e responda a três perguntas: o que não pode deixar de acontecer, o que pode esperar e o que dá para delegar.',
      'Distribua as tarefas importantes pelos dias, deixando espaço para imprevistos. Uma agenda cheia demais costuma virar frustração na quarta-feira.',
      'Reserve também tempo para descanso e para as pessoas de quem você gosta. Eles fazem parte da semana tanto quanto as reuniões.',
    ],
  },
  {
    title: 'Café coado: pequenos ajustes, grande diferença',
    category: 'lifestyle',
    description:
      'Moagem, temperatura da água e proporção: três ajustes que transformam o café coado de todo dia, com o filtro que você já tem em casa.',
    paragraphs: [
      'O café coado é simples, mas alguns detalhes mudam muito o resultado. O primeiro é a moagem: nem fina como pó, nem grossa como sal grosso, algo parecido com areia.',
      'A água não deve ferver. Desligue o fogo quando aparecerem as primeiras bolhas e espere alguns segundos. Água fervendo demais deixa o café amargo.',
      'Use cerca de uma colher de sopa de pó para cada cem mililitros de água e despeje devagar, em círculos. Molhe o pó primeiro e espere trinta segundos antes de completar.',
    ],
  },
  {
    title: 'Ler mais em um ano sem metas impossíveis',
    category: 'culture',
    description:
      'Livro na bolsa, leitura antes de dormir e permissão para abandonar o que não agrada: hábitos que fazem a pilha de livros diminuir de verdade.',
    paragraphs: [
      'Metas como cinquenta livros por ano costumam durar até fevereiro. Funciona melhor criar situações em que ler seja a opção mais fácil.',
      'Tenha sempre um livro por perto: na bolsa, na mesa de cabeceira, no celular. Dez páginas na fila do banco somam muito ao longo dos meses.',
      'E permita-se abandonar livros de que não está gostando. A vida é curta e a estante é longa; o próximo livro pode ser justamente aquele que vai te prender.',
    ],
  },
  {
    title: 'Voluntariado perto de casa',
    category: 'community',
    description:
      'Bibliotecas comunitárias, hortas, abrigos de animais e cursinhos populares: onde procurar e como começar a doar algumas horas por mês.',
    paragraphs: [
      'Ajudar não exige grandes viagens nem muito tempo. Quase todo bairro tem uma biblioteca comunitária, uma horta coletiva, um abrigo de animais ou um cursinho que precisa de gente.',
      'Comece perguntando o que a organização precisa, e não o que você gostaria de fazer. Muitas vezes a maior falta é de alguém que ajude na organização ou na comunicação.',
      'Combine um compromisso realista, como duas horas por mês, e cumpra. A constância vale mais do que o entusiasmo do primeiro dia.',
    ],
  },
];
