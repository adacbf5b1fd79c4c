#include "studyserverdialog.h"

#include "error.h"
#include "server/pull.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QStandardPaths>
#include <QThread>
#include <QUrl>
#include <QVBoxLayout>

namespace sense7 {

StudyServerDialog::StudyServerDialog(QWidget *parent)
    : QDialog(parent)
    , m_url(new QLineEdit(this))
    , m_user(new QLineEdit(this))
    , m_password(new QLineEdit(this))
    , m_path(new QLineEdit(this))
    , m_browse(new QPushButton(tr("Browse…"), this))
    , m_pull(new QPushButton(tr("&Pull"), this))
    , m_progress(new QProgressBar(this))
    , m_status(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Open study server"));
    m_url->setPlaceholderText(QStringLiteral("postgresql://study.example.org:5432/study"));
    m_url->setToolTip(tr("The study's PostgreSQL server and database. TLS is used whenever the "
                         "server offers it; add ?sslmode=require to insist on it."));
    m_user->setPlaceholderText(tr("your researcher login"));
    m_password->setEchoMode(QLineEdit::Password);
    m_path->setPlaceholderText(tr("a new file, or one pulled into before"));
    m_path->setToolTip(
        tr("The local data set the study is pulled into: created under the study's "
           "protocol when it does not exist; a later pull only reads what changed."));

    auto *pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(m_browse);
    auto *form = new QFormLayout;
    form->addRow(tr("&Server:"), m_url);
    form->addRow(tr("&User:"), m_user);
    form->addRow(tr("Pass&word:"), m_password);
    auto *pathLabel = new QLabel(tr("&Local data set:"), this);
    pathLabel->setBuddy(m_path);
    form->addRow(pathLabel, pathRow);

    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setFormat(tr("%v of %m conversations"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    // Room for the summary's few lines, so that it never squeezes the fields above.
    m_status->setMinimumHeight(m_status->fontMetrics().lineSpacing() * 5);
    m_pull->setDefault(true);
    m_buttons->addButton(m_pull, QDialogButtonBox::ActionRole);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    layout->addStretch();
    layout->addWidget(m_buttons);
    resize(560, sizeHint().height());

    connect(m_browse, &QPushButton::clicked, this, &StudyServerDialog::browse);
    connect(m_pull, &QPushButton::clicked, this, &StudyServerDialog::startPull);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &StudyServerDialog::reject);
    for (QLineEdit *edit : {m_url, m_path})
        connect(edit, &QLineEdit::textChanged, this, &StudyServerDialog::updateButtons);
    updateButtons();
}

StudyServerDialog::~StudyServerDialog()
{
    if (m_thread) {
        m_puller->progress().cancel();
        m_thread->wait();
    }
}

StudyServerLogin StudyServerDialog::login() const
{
    StudyServerLogin login;
    QUrl url(m_url->text().trimmed());
    if (!m_user->text().trimmed().isEmpty() && url.isValid() && !url.scheme().isEmpty())
        url.setUserName(m_user->text().trimmed());
    login.url = url.isValid() && !url.scheme().isEmpty() ? url.toString() : m_url->text().trimmed();
    login.password = m_password->text();
    return login;
}

void StudyServerDialog::browse()
{
    const QString start = m_path->text().isEmpty()
        ? QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation)
        : m_path->text();
    const QString path = QFileDialog::getSaveFileName(this, tr("Pull into data set"), start,
                                                      tr("Sense-7 data sets (*.sense7)"), nullptr,
                                                      QFileDialog::DontConfirmOverwrite);
    if (!path.isEmpty())
        m_path->setText(path);
}

void StudyServerDialog::updateButtons()
{
    const bool busy = m_thread != nullptr;
    m_pull->setEnabled(!busy && !m_url->text().trimmed().isEmpty()
                       && !m_path->text().trimmed().isEmpty());
    for (QWidget *w :
         std::initializer_list<QWidget *> {m_url, m_user, m_password, m_path, m_browse})
        w->setEnabled(!busy);
}

void StudyServerDialog::startPull()
{
    if (m_thread || !m_pull->isEnabled())
        return;
    const StudyServerLogin server = login();
    const QString path = m_path->text().trimmed();
    m_puller = std::make_shared<server::Puller>(server.url, server.password);
    // The dialog waits for the thread before it goes (see the destructor): "this" outlives it.
    m_puller->setLog([this](const QString &line) {
        QMetaObject::invokeMethod(this, [this, line] { m_status->setText(line); });
    });
    m_puller->progress().setCallback([this](qint64 done, qint64 total) {
        QMetaObject::invokeMethod(this, [this, done, total] {
            m_progress->setRange(0, int(qMax<qint64>(total, 1)));
            m_progress->setValue(int(done));
        });
    });
    auto outcome = std::make_shared<std::pair<bool, QString>>();
    auto puller = m_puller;
    m_thread = QThread::create([puller, path, outcome] {
        try {
            outcome->second = puller->pull(path).text();
            outcome->first = true;
        } catch (const Error &e) {
            outcome->second = e.message();
        } catch (const std::exception &e) {
            outcome->second = QString::fromLocal8Bit(e.what());
        }
    });
    connect(m_thread, &QThread::finished, this, [this, outcome, path] {
        m_thread->deleteLater();
        m_thread = nullptr;
        if (outcome->first)
            m_pulled = path;
        finish(outcome->first, outcome->second);
    });
    m_status->setText(tr("Connecting…"));
    updateButtons();
    m_thread->start();
}

void StudyServerDialog::finish(bool ok, const QString &message)
{
    updateButtons();
    m_status->setText(message);
    if (ok)
        m_summary = message;
    Q_EMIT pullFinished(ok, message);
    if (ok)
        accept();
}

void StudyServerDialog::reject()
{
    if (m_thread) {
        // Stops at the next batch; the data set stays as it was. The dialog closes once it did.
        m_status->setText(tr("Cancelling…"));
        m_puller->progress().cancel();
        return;
    }
    QDialog::reject();
}

} // namespace sense7
